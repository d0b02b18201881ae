-- Seed data for Boudha Mandala Hotel: runs once, as the postgres superuser, on a freshly migrated database
-- (locally through scripts/local-supabase/migrate.mjs, on hosted Supabase through `supabase db reset`).
-- Plain SQL only. No auth.users, profiles or user_roles rows: staff accounts come from `npm run admin:create`.
-- Values that stand for unknown real ones (phone, email, booking URL, review host) are placeholders on reserved
-- .example domains (D16) and are easy to spot and replace from the admin.

-- Hotel identity (single row) ----------------------------------------------------------------------------------

insert into public.contact_details (hotel_name, phone, email, address, booking_url)
values (
  'Boudha Mandala Hotel',
  '+977 1 4000 000',
  'stay@boudhamandala.example',
  'Boudha Stupa Circle, Boudha, Kathmandu 44600, Nepal',
  'https://booking.boudhamandala.example/property/boudha-mandala-hotel'
);

-- Global SEO (single row); analytics, verification, scripts and favicon stay empty until staff set them ----------

insert into public.seo_settings (
  site_name, site_description, default_twitter_handle,
  ga4_tracking_id, gtm_container_id, gsc_verification, header_scripts, body_scripts,
  default_og_image, default_schema_markup, facebook_app_id, linkedin_company_id, favicon_url
)
values (
  'Boudha Mandala Hotel',
  'A boutique hotel beside Boudhanath Stupa in Kathmandu, Nepal: stupa-view rooms, apartments with kitchens, a cafe with Western brunch and Saturday music.',
  '@boudhamandala',
  null, null, null, null, null,
  null, null, null, null, null
);

-- Per-route SEO of the static pages (titles 50-60 characters, descriptions 150-160) -----------------------------

insert into public.static_page_seo (page_route, seo_title, seo_description, seo_keywords, og_title, og_description, is_indexed)
values
  (
    '/',
    'Boudha Mandala Hotel | Boutique Stay by Boudhanath Stupa',
    'A boutique hotel ten seconds from Boudhanath Stupa in Kathmandu: stupa-view rooms, private kitchens, a cafe with Western brunch and free airport pick-up.',
    'boudha hotel, boudhanath stupa hotel, kathmandu boutique hotel, stupa view room, hotel near boudha stupa',
    'Boudha Mandala Hotel, ten seconds from Boudhanath Stupa',
    'Wake to the sound of prayer wheels. Stupa-view rooms and apartments, a cafe with Western brunch and a team who know every lane of Boudha.',
    true
  ),
  (
    '/about/',
    'About Boudha Mandala Hotel | Our Story Beside the Stupa',
    'Meet the small team behind Boudha Mandala Hotel: staff fluent in Nepali, Tibetan and English, no hidden fees, and free airport pick-up and drop-off included.',
    'about boudha mandala hotel, boudha hotel story, tibetan speaking staff kathmandu, hotel with airport pickup kathmandu',
    'Our story: a small hotel beside Boudhanath Stupa',
    'Pilgrims, practitioners, digital nomads and curious travellers are all welcome. Meet the people who will look after you in Boudha.',
    true
  ),
  (
    '/accommodation/',
    'Rooms & Apartments near Boudhanath Stupa | Boudha Mandala',
    'Eight room types beside Boudhanath Stupa, from $35 a night: deluxe rooms, balcony and stupa-view rooms, apartments with kitchens and $200 monthly ashram stays.',
    'boudha rooms, stupa view room kathmandu, apartment boudha, long stay kathmandu, ashram stay nepal, budget boutique hotel kathmandu',
    'Rooms, suites and apartments beside the stupa',
    'From a $35 deluxe double to an apartment with a balcony facing the stupa: find the room that suits your stay in Boudha.',
    true
  ),
  (
    '/experience/',
    'Experiences in Boudha: Thangka Classes, Kora & Cafe Music',
    'Join a Thangka painting class, walk the dawn kora, enjoy cultural talks and Saturday music at our cafe, with free laundry and a 24/7 front desk to help you.',
    'thangka painting class kathmandu, boudha kora, things to do in boudha, cultural talks kathmandu, live music boudha',
    'Experiences at Boudha Mandala Hotel',
    'Paint your first Thangka, walk the kora at dawn and spend Saturday evenings with live music in our cafe.',
    true
  ),
  (
    '/gallery/',
    'Photo Gallery | Boudha Mandala Hotel, Kathmandu, Nepal',
    'See our rooms and suites, the cafe, wellness corners and the lamp-lit lanes of Boudha in photos, all a ten-second walk from the great white stupa of Kathmandu.',
    'boudha mandala hotel photos, boudhanath stupa photos, hotel rooms kathmandu photos, boudha cafe',
    'Boudha Mandala Hotel in pictures',
    'Rooms, cafe, wellness corners and the stupa at dawn: a look around before you arrive.',
    true
  ),
  (
    '/contact/',
    'Contact Boudha Mandala Hotel | Boudha Stupa, Kathmandu',
    'Call, email or send us a message: our front desk is open 24/7 and replies within 24 hours. Find us on Boudha Stupa Circle, 8.5 km from Kathmandu airport.',
    'contact boudha mandala hotel, boudha hotel phone, boudha stupa circle address, kathmandu airport pickup',
    'Get in touch with Boudha Mandala Hotel',
    'Questions about rooms, long stays or airport pick-up? Our front desk is open 24/7 and answers every message within 24 hours.',
    true
  ),
  (
    '/blog/',
    'Boudha Journal: Kora, Culture & Travel Tips | Boudha Mandala',
    'Stories from beside the stupa: dawn kora walks, butter lamps, Thangka painting, momo, monastery visits and honest travel tips for Kathmandu from our team.',
    'boudha blog, boudhanath kora, kathmandu travel tips, thangka painting, momo kathmandu, tibetan buddhism nepal',
    'The Boudha Journal',
    'Dawn kora walks, butter lamps, Thangka studios and the best momo in the lanes: notes from our corner of Kathmandu.',
    true
  ),
  (
    '/reviews/',
    'Guest Reviews of Boudha Mandala Hotel, Kathmandu, Nepal',
    'Read what travellers, pilgrims and long-stay guests say about Boudha Mandala Hotel: rooms, breakfast, warm staff and a location ten seconds from the stupa.',
    'boudha mandala hotel reviews, boudha hotel reviews, kathmandu hotel reviews, stay near boudhanath',
    'What our guests say',
    'Honest words from pilgrims, families and long-stay guests who have woken up beside Boudhanath Stupa with us.',
    true
  );

-- Blog categories (blog_posts.category holds the slug) ----------------------------------------------------------

insert into public.categories (name, slug, description, seo_title)
values
  ('Spirituality', 'spirituality',
   'Practice, ritual and the living Buddhist traditions that gather around Boudhanath Stupa.',
   'Spirituality in Boudha: Kora, Butter Lamps and Practice'),
  ('Wellness', 'wellness',
   'Meditation, rest and slow living for guests who come to Boudha to recover, reflect or stay a while.',
   'Wellness and Meditation Stays in Boudha, Kathmandu'),
  ('Travel Tips', 'travel',
   'Practical advice on arriving, getting around Kathmandu and making the most of every day in Boudha.',
   'Kathmandu Travel Tips from Boudha Mandala Hotel'),
  ('Local Culture', 'culture',
   'Art, food, festivals and the people of Boudha, from Thangka studios to the momo kitchens in the lanes.',
   'Local Culture of Boudha: Art, Food and Festivals'),
  ('Hotel News', 'hotel',
   'What is new at Boudha Mandala Hotel and Boudha Cafe de Mandala, from events to seasonal changes.',
   'News from Boudha Mandala Hotel and Cafe');

-- Blog posts ----------------------------------------------------------------------------------------------------
-- Seven live posts dated in 2026, one draft (not published) and one scheduled post (published, dated a week ahead).
-- created_at and updated_at follow the publication date so the list order and the sitemap lastmod look natural.

insert into public.blog_posts (
  slug, title, excerpt, content, category, featured_image, alt_text, author_name, author_role,
  published_date, is_published, is_indexed, meta_title, meta_description, seo_keywords, og_title, og_description,
  created_at, updated_at
)
values (
  'walking-the-kora-at-dawn',
  'Walking the Kora at Dawn: A First-Timer''s Guide to Boudhanath',
  'Before the shutters go up, Boudha belongs to the walkers. How to join the clockwise circuit around the stupa at first light, and what to know before you go.',
  $md$Before the shutters go up and the first taxi horns sound on the Ring Road, Boudha belongs to the walkers. By half past five the plaza around the stupa fills with quiet footsteps: grandmothers in long *chuba* dresses spinning hand-held prayer wheels, young monks in maroon robes, shopkeepers who will open their doors an hour later. They are all doing the same thing, walking the *kora*, the clockwise circuit around the great white dome.

From the front door of [Boudha Mandala Hotel](/accommodation/) you are ten seconds from the start. Here is how to join them.

## What the kora is

A kora is a circumambulation of a sacred place. In Tibetan Buddhism, walking clockwise around a stupa, a temple or even a mountain is a way of gathering merit and of keeping the mind turned towards the teachings. At [Boudhanath](https://en.wikipedia.org/wiki/Boudhanath), one of the largest stupas in the world and part of the Kathmandu Valley World Heritage Site, one lap of the outer plaza is a little under half a kilometre. Many people walk three laps before breakfast; the devoted walk 108.

![Pilgrims walking clockwise around Boudhanath Stupa in the blue light before sunrise](/images/blog/kora-dawn.jpg)

## Why dawn is the best time

### The light

In the half hour before sunrise the whitewashed dome turns from blue-grey to pink to gold. The painted eyes on the square tower above it catch the sun first, gazing out in all four directions. The curl between them, shaped like the Nepali numeral *one*, is often read as a sign of unity.

### The people

This is the neighbourhood's own hour. Tour groups arrive mid-morning; at dawn you walk with the families who live here, many of whom have walked this circle every day of their lives. Nobody minds a visitor who walks quietly and keeps pace.

### The sound

Listen for the low murmur of *Om mani padme hum*, the creak and bell of the big prayer wheels, and the rush of pigeon wings when the grain sellers arrive.

## How to walk it respectfully

1. **Always walk clockwise**, keeping the stupa on your right-hand side.
2. **Turn the prayer wheels with your right hand** as you pass them, also clockwise.
3. **Do not cut across the flow.** If you want to stop for a photograph, step to the outer edge first.
4. **Dress modestly.** Covered shoulders and knees are the local norm, and they are warmer too.
5. **Ask before photographing people**, especially anyone praying or doing prostrations.

#### A note on prostrations

At several points around the plaza you will see practitioners making full-length prostrations on wooden boards, sometimes hundreds in a morning. Give them space and never step over their hands.

![A row of brass prayer wheels polished by thousands of hands along the wall of the stupa](/images/blog/prayer-wheels.jpg)

## What to bring

- A shawl or fleece: from December to February mornings can be close to freezing
- A few small notes of 10 or 20 rupees for the butter-lamp houses and donation boxes
- Your own *mala* if you use one (there are hundreds for sale around the square)
- An empty stomach, because breakfast tastes better afterwards

## After the kora

When you finish, the cafes around the square are just opening. Ours, [Boudha Cafe de Mandala](/boudha-cafe-de-mandala/), pours butter tea, masala chai and proper coffee from seven. Our front desk is open around the clock, so if you would like a wake-up knock or someone to walk your first lap with you, just ask the evening before.

![The painted eyes of the Buddha on Boudhanath Stupa lit by the first sun](/images/blog/kora-dawn.jpg)

Three laps take about twenty minutes. Most of our guests come back the next morning, and the one after that.
$md$,
  'spirituality',
  '/images/blog/kora-dawn.jpg',
  'Pilgrims walking clockwise around Boudhanath Stupa at dawn',
  'Pema Sherpa',
  'Guest Experience Host',
  '2026-01-18 06:30:00+05:45', true, true,
  'Walking the Kora at Dawn around Boudhanath Stupa',
  'How to join the dawn kora around Boudhanath Stupa: when to go, which way to walk, prayer-wheel etiquette and what to bring, from a hotel ten seconds away.',
  'boudhanath kora, kora at dawn, boudha stupa etiquette, prayer wheels, tibetan buddhism kathmandu',
  'Walking the Kora at Dawn around Boudhanath',
  'Join the neighbourhood''s morning circuit around the great white stupa: a first-timer''s guide.',
  '2026-01-18 06:30:00+05:45', '2026-01-18 06:30:00+05:45'
);

insert into public.blog_posts (
  slug, title, excerpt, content, category, featured_image, alt_text, author_name, author_role,
  published_date, is_published, is_indexed, meta_title, meta_description, seo_keywords, og_title, og_description,
  created_at, updated_at
)
values (
  'from-kathmandu-airport-to-boudha',
  'From Kathmandu Airport to Boudha: Your Arrival Made Easy',
  'The airport is only 8.5 km from the stupa. Everything you need for a calm first hour in Nepal: pick-up, taxis, distances and a first-day checklist.',
  $md$Good news first: Tribhuvan International Airport is only **8.5 km from Boudha, about 20 minutes by car** when the traffic is kind. Of all the places to stay in Kathmandu, few are closer to the runway, which matters after a long flight.

## Your free airport pick-up

Airport pick-up and drop-off are *included* with every stay at Boudha Mandala Hotel. Send us your flight number and arrival time when you book, or through our [contact page](/contact/), and a driver will wait outside the arrivals hall holding a sign with your name. If your flight is delayed, we see it; there is no need to message us from the plane.

![A hotel driver holding a name sign outside the arrivals hall at Kathmandu airport](/images/blog/travel-tips.jpg)

## If you would rather make your own way

### By taxi

There is a prepaid taxi counter inside the international arrivals hall. Ask for *Boudha Stupa* and agree the fare before you leave the counter. Outside the counter, drivers will offer rides too; settle the price before your bags go in the boot.

### By ride-hailing app

Pathao and inDrive both work in Kathmandu and are usually cheaper than a taxi. You will need mobile data, so buy a local SIM first (see below).

### By public transport

Microbuses run along the Ring Road towards Chabahil and Boudha, but with luggage and jet lag we honestly would not recommend it.

## Distances from the hotel

Once you are settled, this is how far the rest of the valley is from our door:

- **Tribhuvan International Airport:** 8.5 km, about 20 minutes
- **Pashupatinath Temple:** 3.2 km, about 8 minutes
- **Kathmandu Durbar Square:** 12 km, about 25 minutes
- **Thamel:** 14 km, about 25 minutes (a taxi costs roughly NPR 400-600)
- **Swayambhunath:** 15 km, about 30 minutes

Our [location page](/location/) has a map and directions you can show a driver.

## Arriving at the stupa

The plaza around the stupa is closed to cars, so every vehicle stops at the main gate on Boudha Road. From there the hotel is a ten-second walk, about 50 metres. If you come with us, the driver will carry your bags through the gate and straight to reception.

![The main gate of Boudhanath Stupa from Boudha Road in the early evening](/images/blog/kora-dawn.jpg)

#### Arriving late at night

Many international flights land after dark. Our front desk is open 24/7, so whatever time you arrive someone will be awake, with the kettle on and your key ready.

## Your first-day checklist

1. **Get a local SIM** at the airport: Ncell and Nepal Telecom both have counters in arrivals.
2. **Take out some rupees** at the airport ATMs or at one of the many ATMs around Boudha.
3. **Drink plenty of water.** Refills of safe drinking water are unlimited at the hotel, so bring a bottle and skip the plastic.
4. **Walk one slow lap of the stupa** at dusk. It is the best cure we know for jet lag; our [guide to the kora](/blog/walking-the-kora-at-dawn/) explains the etiquette.
5. **Sleep early** and be up for the dawn, when Boudha is at its most beautiful.

For flight details and terminals, the [airport's Wikipedia page](https://en.wikipedia.org/wiki/Tribhuvan_International_Airport) is a good starting point. For everything else, ask us. Welcome to Nepal.
$md$,
  'travel',
  '/images/blog/travel-tips.jpg',
  'A plane approaching Kathmandu with the valley and hills below',
  'Rina Shrestha',
  'Front Office Manager',
  '2026-03-03 09:00:00+05:45', true, true,
  'Kathmandu Airport to Boudha: Pick-up, Taxis and Distances',
  'Tribhuvan airport is 8.5 km (20 minutes) from Boudha. Free hotel pick-up, taxi and app tips, distances to Thamel and Pashupatinath, and a first-day checklist.',
  'kathmandu airport to boudha, tribhuvan airport taxi, boudha airport pickup, thamel to boudha taxi fare, arriving in kathmandu',
  'From Kathmandu Airport to Boudha in 20 minutes',
  'Free pick-up, taxi tips and a first-day checklist for a calm arrival in Nepal.',
  '2026-03-03 09:00:00+05:45', '2026-03-03 09:00:00+05:45'
);

insert into public.blog_posts (
  slug, title, excerpt, content, category, featured_image, alt_text, author_name, author_role,
  published_date, is_published, is_indexed, meta_title, meta_description, seo_keywords, og_title, og_description,
  created_at, updated_at
)
values (
  'the-patient-art-of-thangka-painting',
  'The Patient Art of Thangka Painting in Boudha',
  'Mineral pigments, brushes of a single hair and months of work: a look inside the Thangka studios around the stupa, and how to try it yourself.',
  $md$Walk any lane leading off the stupa and you will pass a doorway hung with painted scrolls: deep blue skies, flaming gold halos, deities seated on lotus thrones. Look past the shop counter and there is often a workshop behind it, where painters sit cross-legged before stretched canvases, working in silence for hours at a time. Boudha is one of the great centres of *Thangka* painting outside Tibet, and the studios are part of the neighbourhood's daily rhythm.

## What a Thangka is

A [Thangka](https://en.wikipedia.org/wiki/Thangka) is a Tibetan Buddhist painting on cotton or silk, traditionally mounted in brocade so that it can be rolled and carried. Thangkas are not decorations in the ordinary sense. They are teaching tools and supports for meditation: a practitioner may visualise the deity in every detail, so every detail has to be right.

![Thangka brushes and small pots of ground mineral pigment on a painter's low table](/images/blog/thangka.jpg)

## How a Thangka is made

The process has barely changed in centuries.

1. **Preparing the canvas.** Cotton is stretched on a frame, coated with a paste of chalk and glue, and rubbed smooth with a stone or shell until it shines.
2. **Drawing the grid.** The painter marks a precise grid of proportions. The size of a Buddha's face, hands and eyes follows fixed measurements handed down through texts and teachers.
3. **Sketching.** Figures are drawn in charcoal, then inked. An apprentice may spend years drawing nothing but faces and hands.
4. **Laying the colours.** Flat areas of colour go down first, from the sky and landscape inward to the figures.
5. **Shading and outlining.** Gradual shading, made with brushes that may hold only a few hairs, gives the figures depth.
6. **Gold and the eyes.** Real gold is applied and burnished. The eyes are painted last, often on an auspicious day, because this is when the image is said to come alive.

### Colours from the earth

Traditional pigments are ground from minerals: *malachite* for green, *azurite* for blue, *cinnabar* for red, and gold for light itself. Some studios now mix in modern paints, but the best still grind their own, and the difference shows in how the colours glow decades later.

### Time

A small Thangka can take a few weeks. A large, finely worked piece by a master can take six months or more, and some take years.

#### Schools and lineages

Different painting styles are handed down within different traditions, and many painters in Boudha trained in monastery schools, such as the art school at Shechen Monastery a short walk from the stupa.

![Detail of a half-finished Thangka showing a deity's face outlined before the colours are laid](/images/blog/thangka.jpg)

## Try it yourself

We run a **Thangka painting class** for guests with a local painter: an unhurried introduction to the grid, the first lines of a Buddha's face and the grinding of colours. Nobody expects a masterpiece; most people leave with a new respect for the painters in the lanes. You can reserve a place at the front desk, and there is more on our [experience page](/experience/).

## Buying a Thangka: a few honest tips

- **Hand-painted or printed?** Look closely at the faces and the gold. Printed pieces are flat and uniform; painted ones show brush strokes under a magnifying glass.
- **Ask who painted it.** Good shops know their artists by name and are proud to tell you.
- **Ask about the pigments.** Mineral colours cost more and last longer.
- **Take your time.** Nobody will mind if you visit three times before deciding.
- **Keep the receipt** and ask for a note that the painting is newly made, in case customs officers ask on your way home.

A Thangka bought slowly, from someone who can tell you its story, is the best souvenir Boudha has to offer.
$md$,
  'culture',
  '/images/blog/thangka.jpg',
  'A Thangka painter working on a stretched canvas in a Boudha studio',
  null,
  null,
  '2026-04-14 10:00:00+05:45', true, true,
  'Thangka Painting in Boudha: Studios, Pigments and Classes',
  'Inside the Thangka studios around Boudhanath Stupa: how the scroll paintings are made, what the mineral pigments are, how to buy well and where to try a class.',
  'thangka painting, thangka class kathmandu, boudha thangka shop, tibetan art nepal, mineral pigments',
  'The Patient Art of Thangka Painting',
  'Mineral pigments, single-hair brushes and months of work: inside Boudha''s Thangka studios.',
  '2026-04-14 10:00:00+05:45', '2026-04-14 10:00:00+05:45'
);

insert into public.blog_posts (
  slug, title, excerpt, content, category, featured_image, alt_text, author_name, author_role,
  published_date, is_published, is_indexed, meta_title, meta_description, seo_keywords, og_title, og_description,
  created_at, updated_at
)
values (
  'butter-lamps-and-full-moon-nights',
  'Butter Lamps and Full-Moon Nights at the Stupa',
  'On full-moon nights thousands of small flames ring Boudhanath. What the lamps mean, how to offer one yourself, and the best evenings of the year to see them.',
  $md$On a full-moon night the stupa seems to float. Thousands of small flames flicker around its base, the whitewash glows silver, and the crowd walking the kora moves more slowly than usual, as if nobody wants the evening to end. If you are in Boudha on one of these nights, go out after dinner. You will not forget it.

## Why people offer lamps

In Tibetan Buddhism a lamp is an offering of light, and light stands for wisdom dispelling ignorance. People light lamps to mark an anniversary, to remember someone who has died, to pray for a sick friend, or simply as a daily practice. Traditionally the lamps burned *butter* from the dri, the female yak; today most are filled with ghee or vegetable fat, but everyone still calls them [butter lamps](https://en.wikipedia.org/wiki/Butter_lamp).

![Rows of small brass butter lamps burning inside a lamp house beside the stupa](/images/blog/butter-lamps.jpg)

## How to offer a lamp

Around the stupa there are several lamp houses: small rooms, warm and smoky, where hundreds of lamps burn on tiered shelves. Anyone can make an offering.

1. **Step inside quietly** and find the attendant, or look for the donation box and price list.
2. **Pay for one lamp or a set.** A single lamp costs very little; sets of 108 or 1,000 are offered on special occasions.
3. **Light your lamp** from one that is already burning, never from a match held over the others.
4. **Make a wish or a dedication**, silently, for whoever you are thinking of.
5. **Leave it burning.** The attendants look after the flames and clean the bowls the next morning.

### A few things to remember

- Lamp houses get very warm: keep scarves and long hair well away from the flames.
- Photographs are usually fine, but ask first and never use a flash.
- Walk out of the room the way you came in, without turning your back on the altar if you can help it.

## The best nights of the year

The moon sets the calendar in Boudha. Full-moon and new-moon days, and the eighth and tenth days of the lunar month, are considered especially auspicious, so the lamps and the crowds grow on those evenings.

### Buddha Jayanti

The full moon of spring, celebrated in Nepal as Buddha Jayanti, marks the Buddha's birth, enlightenment and passing. The whole plaza is ringed with lamps, and the kora continues late into the night.

### Saga Dawa

For Tibetans the entire month around that full moon, *Saga Dawa*, is a time of practice. The merit of every good action is said to multiply, and many people give up meat for the month.

### Losar

At the Tibetan New Year the prayer flags on the stupa are renewed, and families come together in their finest clothes. Watch this blog for our [Losar](https://en.wikipedia.org/wiki/Losar) guide closer to the date.

![Boudhanath Stupa glowing under a full moon with lamps burning around its base](/images/blog/butter-lamps.jpg)

#### Watching from above

If you would rather watch than join the crowd, our Stupa View Rooms and the Apartment with Balcony & Stupa View look straight over the plaza. On a full-moon night there is no better seat in Kathmandu. See them on our [accommodation page](/accommodation/).

Whether you offer a single lamp or simply walk one slow lap in the moonlight, these nights are **Boudha at its most generous**. Come and share them.
$md$,
  'spirituality',
  '/images/blog/butter-lamps.jpg',
  'Hundreds of butter lamps burning at the base of Boudhanath Stupa',
  'Tenzin Choedon',
  null,
  '2026-05-22 18:30:00+05:45', true, true,
  'Butter Lamps and Full-Moon Nights at Boudhanath Stupa',
  'What butter lamps mean, how to offer one in the lamp houses around Boudhanath Stupa, and the best full-moon nights of the year to see the stupa lit up.',
  'butter lamps boudha, full moon boudhanath, buddha jayanti kathmandu, saga dawa, lamp offering',
  'Butter Lamps and Full-Moon Nights at the Stupa',
  'Thousands of small flames around Boudhanath: how to offer a lamp and when to go.',
  '2026-05-22 18:30:00+05:45', '2026-05-22 18:30:00+05:45'
);

insert into public.blog_posts (
  slug, title, excerpt, content, category, featured_image, alt_text, author_name, author_role,
  published_date, is_published, is_indexed, meta_title, meta_description, seo_keywords, og_title, og_description,
  created_at, updated_at
)
values (
  'finding-stillness-meditation-and-long-stays',
  'Finding Stillness: Meditation and Long Stays in Boudha',
  'Why so many practitioners stay in Boudha for months rather than days, with a simple daily rhythm, nearby monasteries and practical tips for a long stay.',
  $md$Some guests arrive for three nights and extend to three weeks. A few stay for a season. Boudha has that effect: the rhythm of the stupa, the monasteries within walking distance and the steady presence of people practising all around you make it one of the easiest places in the world to slow down.

## Why Boudha suits a long stay

- **Teachers and teachings.** Dozens of monasteries surround the stupa, and several offer teachings or courses in English, especially in autumn and winter.
- **Community.** Practitioners from every continent live in the lanes around the stupa. You will find study groups, shared meals and people to sit with.
- **Ease.** Everything you need is within a few minutes' walk: markets, pharmacies, cafes and a laundry that, at our hotel, costs nothing.

![A guest meditating on a cushion on a quiet rooftop with the stupa's spire behind](/images/blog/meditation.jpg)

## A simple daily rhythm

This is the routine many of our long-stay guests settle into:

1. **Dawn:** three laps of the kora, then sitting practice while the plaza is still quiet.
2. **Morning:** breakfast, then study, a teaching at a monastery, or work if you are here as a digital nomad.
3. **Midday:** a simple lunch. Cooking for yourself is easy, as most of our rooms have private kitchens.
4. **Afternoon:** rest, reading or a walk. The path north to [Kopan Monastery](https://en.wikipedia.org/wiki/Kopan_Monastery) on its hill takes about an hour and rewards you with a view over the whole valley.
5. **Evening:** a final kora as the lamps are lit, and an early night.

### Monasteries worth knowing

You do not need to be a Buddhist to visit, and visitors are welcome at most monasteries if they are quiet and respectful. Look for notice boards at the gates announcing public teachings, pujas and retreat days. Kopan's month-long course each November is famous and fills up early, so book well ahead if it interests you.

### Sitting practice for beginners

If you are new to meditation, keep it small:

- Sit for ten minutes, not an hour.
- Rest your attention on the breath, and *gently* return to it when the mind wanders.
- Sit at the same time each day; the habit matters more than the length.

![The view south from Kopan hill over the Kathmandu Valley on a clear morning](/images/blog/monastery-visit.jpg)

## Where to stay for weeks or months

Our **Ashram Stay** is designed for exactly this: a simple, quiet room at $200 per month, for monthly stays only. If you would like more space, our Apartments (from $55 a night) have a kitchen and a sitting area, and the Apartment with Balcony & Stupa View ($70 a night) lets you meditate facing the stupa itself. All are on our [accommodation page](/accommodation/).

#### Looking after yourself

Kathmandu sits at about 1,400 metres, so most people feel fine, but give yourself a slow first day. In the dry months before the monsoon the valley can be dusty; a mask on busy roads helps. Drink plenty of water (refills are unlimited at the hotel), and if anything is wrong, tell us. If we cannot fix a problem with your room, that night is on us.

## A last word

Stillness is not something you find by travelling far. But it does help to wake up somewhere where thousands of people begin their day with kindness, and Boudha is such a place. Whenever you are ready for a longer stay, [write to us](/contact/) and we will help you plan it.
$md$,
  'wellness',
  null,
  null,
  'Anjali Rai',
  'Wellness Guide',
  '2026-07-09 08:00:00+05:45', true, true,
  'Meditation and Long Stays in Boudha, Kathmandu',
  'A guide to slowing down in Boudha: a daily rhythm for practitioners, nearby monasteries, beginner meditation tips and rooms for stays of a month or longer.',
  'meditation kathmandu, long stay boudha, kopan monastery, monthly stay kathmandu, ashram stay nepal, digital nomad kathmandu',
  'Finding Stillness: Long Stays in Boudha',
  'A daily rhythm, nearby monasteries and rooms for a month or more beside the stupa.',
  '2026-07-09 08:00:00+05:45', '2026-07-09 08:00:00+05:45'
);

-- excerpt left null on purpose: the list falls back to the first 150 characters of the content.
insert into public.blog_posts (
  slug, title, excerpt, content, category, featured_image, alt_text, author_name, author_role,
  published_date, is_published, is_indexed, meta_title, meta_description, seo_keywords, og_title, og_description,
  created_at, updated_at
)
values (
  'a-momo-lovers-guide-to-boudha',
  'A Momo Lover''s Guide to Boudha',
  null,
  $md$Ask anyone in Boudha where to eat and the answer will almost certainly involve momo, the steamed dumplings that are Nepal's favourite food. In the lanes behind the stupa you can follow the clouds of steam from one tiny kitchen to the next, and no two fold them quite the same way.

## A dumpling with two homes

[Momo](https://en.wikipedia.org/wiki/Momo_%28food%29) arrived in the Kathmandu Valley with traders crossing the Himalaya, and both Tibetan and Newar cooks claim them with pride. Tibetan momo tend to be larger, with a simple filling of meat and onion. Newar momo are smaller, spicier and served with a sharp tomato *achar*. In Boudha, where the two communities have lived side by side for generations, you will find both, often on the same menu.

![Bamboo steamer baskets stacked high in a small Tibetan kitchen near the stupa](/images/blog/momo-kitchen.jpg)

## How to order like a local

### Choose your filling

- **Buff:** water-buffalo meat, the classic in Kathmandu
- **Chicken:** milder, and a safe first choice
- **Veg:** cabbage, carrot, onion and often a little paneer
- **Cheese or potato:** popular in the Tibetan kitchens around the stupa

### Choose your style

- **Steamed:** the original, and still the best way to judge a kitchen
- **Kothey:** steamed and then fried on one side until crisp
- **Jhol:** served in a warm, tangy soup of tomato and sesame
- **C-momo:** tossed in a fiery chilli sauce (the *C* stands for chilli)

![A bowl of jhol momo in a golden sesame and tomato broth](/images/blog/momo-kitchen.jpg)

## Making momo at home

Our cafe team teach this to guests who ask, and it is easier than it looks.

1. **Make the dough** with plain flour and water, knead until smooth, and rest it for half an hour.
2. **Mix the filling:** minced meat or finely chopped vegetables, onion, garlic, ginger, fresh coriander, salt and a pinch of *timur*, the Nepali pepper that makes your lips tingle.
3. **Roll small rounds**, thinner at the edges than in the middle.
4. **Fill and pleat.** Hold the round in one hand and pinch the edge into pleats, turning as you go, until it closes in a little knot.
5. **Steam** over boiling water for 10 to 12 minutes, on an oiled steamer so they do not stick.

#### The achar makes the momo

Roast tomatoes, garlic and dried chillies, then grind them with toasted sesame and a squeeze of lime. Every family in Kathmandu has its own version and believes it is the only correct one.

![Hands pleating a momo into a neat crescent on a floured wooden board](/images/blog/momo-kitchen.jpg)

## Beyond momo

While you are here, try the rest of the Tibetan table too:

- **Thukpa**, a hearty noodle soup, and its cousin *thenthuk* with hand-pulled noodles
- **Tingmo**, a soft, spiralled steamed bread, perfect with a spicy stew
- **Shapale**, crisp fried pies filled with spiced meat
- **Po cha**, salted butter tea, an acquired taste that makes sense on a cold morning

## Where to eat

The best momo in Boudha come from kitchens with no sign at all. Look for a crowded bench at lunchtime, a stack of steamers by the door and a grandmother folding at the back. And when you want a quieter table, [Boudha Cafe de Mandala](/boudha-cafe-de-mandala/), our own cafe, serves buff and vegetable momo with a sesame-tomato achar we are rather proud of. *Shey-go*, as they say in the lanes: enjoy your meal.
$md$,
  'culture',
  '/images/blog/momo-kitchen.jpg',
  'Bamboo steamers of fresh momo in a kitchen near Boudhanath Stupa',
  'Dawa Lama',
  'Cafe Manager',
  '2026-08-27 12:00:00+05:45', true, true,
  'A Momo Lover''s Guide to Boudha, Kathmandu',
  'Everything about momo in Boudha: fillings, styles from kothey to jhol, how to fold them at home, the achar that makes them, and Tibetan dishes to try next.',
  'momo kathmandu, best momo boudha, jhol momo, tibetan food nepal, momo recipe, thukpa',
  'A Momo Lover''s Guide to Boudha',
  'Steamed, fried, in soup or in chilli: how to eat and make Nepal''s favourite dumpling.',
  '2026-08-27 12:00:00+05:45', '2026-08-27 12:00:00+05:45'
);

insert into public.blog_posts (
  slug, title, excerpt, content, category, featured_image, alt_text, author_name, author_role,
  published_date, is_published, is_indexed, meta_title, meta_description, seo_keywords, og_title, og_description,
  created_at, updated_at
)
values (
  'autumn-at-boudha-mandala-music-and-talks',
  'Autumn at Boudha Mandala: Saturday Music Nights and Cultural Talks',
  'The monsoon has gone, the mountains are back and the cafe is full on Saturday nights. What is new at the hotel this season.',
  $md$The monsoon has finally packed up, the morning skies are a clean, washed blue and, on the clearest days, the snow peaks of the Langtang range appear above the northern hills. Autumn is Boudha's busiest and most beautiful season, and it is a good moment to share what is new with us.

![Local musicians playing sarangi and madal in Boudha Cafe de Mandala on a Saturday evening](/images/blog/hotel-news.jpg)

## Saturday music nights

**Every Saturday evening** our cafe, [Boudha Cafe de Mandala](/boudha-cafe-de-mandala/), fills with live music. Musicians from around the valley play Nepali folk songs on the *sarangi* and *madal*, Tibetan melodies on the *dranyen* lute and, now and then, something entirely unexpected from a guest with a guitar. Entry is free, neighbours are as welcome as guests, and the kitchen stays open for momo and masala chai.

### What guests tell us

- Come early for a seat by the window
- Requests are welcome, singing along even more so
- The last song is almost always a Tibetan one, and everybody knows the chorus except the visitors

## Cultural talks

Our cultural talks continue through the season. They are informal evenings in the cafe where someone from the neighbourhood shares what they know best. Recent evenings have covered:

1. **Reading a Thangka**, with a painter from a studio in the lanes
2. **The story of the stupa**, its legends and its rebuilding after the 2015 earthquake
3. **Festivals of the valley**, from Dashain to [Tihar](https://en.wikipedia.org/wiki/Tihar_%28festival%29), the festival of lights

Talks are free for guests. Ask at the front desk for this month's programme.

![A small audience listening to a cultural talk by candlelight in the hotel cafe](/images/blog/hotel-news.jpg)

## Around the hotel

### A refreshed brunch menu

The cafe's Western brunch has new additions for the season: buckwheat pancakes with Himalayan honey, eggs with *timur*-spiced potatoes and a house granola with fresh curd. The momo are not going anywhere.

### Still free, still included

Some things we will never change:

- **Laundry** is complimentary for every guest
- **Drinking water** refills are unlimited, so you never need to buy a plastic bottle
- **Airport pick-up and drop-off** are included with your stay
- **Early check-in and late check-out** are available on request, whenever the rooms allow

#### Our promise

If something about your room is not right and we cannot fix it, that night is free. It is a promise we have rarely had to keep, but we keep it gladly.

## Plan your autumn visit

October and November are the most popular months in Kathmandu, and rooms facing the stupa go quickly. You can see every room and price on our [accommodation page](/accommodation/), read what recent guests thought on our [reviews page](/reviews/), or [get in touch](/contact/) with questions. Our front desk is awake around the clock.

See you on Saturday.
$md$,
  'hotel',
  '/images/blog/hotel-news.jpg',
  'Guests enjoying live music in Boudha Cafe de Mandala on a Saturday night',
  null,
  null,
  '2026-10-12 17:00:00+05:45', true, true,
  'Autumn at Boudha Mandala: Saturday Music and Cultural Talks',
  'Live music every Saturday at Boudha Cafe de Mandala, free cultural talks, a refreshed brunch menu and all still included at Boudha Mandala Hotel this autumn.',
  'boudha mandala hotel news, live music boudha, cultural talks kathmandu, boudha cafe brunch, autumn in kathmandu',
  'Autumn at Boudha Mandala Hotel',
  'Saturday music nights, cultural talks and a new brunch menu beside the stupa.',
  '2026-10-12 17:00:00+05:45', '2026-10-12 17:00:00+05:45'
);

-- Draft: not published, so it never reaches the public site.
insert into public.blog_posts (
  slug, title, excerpt, content, category, featured_image, alt_text, author_name, author_role,
  published_date, is_published, is_indexed, meta_title, meta_description, seo_keywords,
  created_at, updated_at
)
values (
  'draft-monastery-etiquette-guide',
  'Draft: Monastery Etiquette for First-Time Visitors',
  'Shoes, photographs, offerings and prayer halls: a short guide to visiting the monasteries around Boudha respectfully. (Draft, not yet published.)',
  $md$*Draft: still to add the notes from Lama Karma and two more photographs.*

The monasteries around Boudha are living places of study and practice, not museums, and most of them welcome respectful visitors. A few simple habits will make your visit easier for everyone.

## Before you go in

- Dress modestly, with shoulders and knees covered.
- Take off your shoes and hat at the door of any prayer hall.
- Switch your phone to silent.

## Inside the prayer hall

1. **Walk clockwise** around the hall, as you would around the stupa.
2. **Do not point your feet** at the altar or at a teacher when you sit.
3. **Ask before taking photographs**, and never photograph a ceremony without permission.
4. **Never step over** cushions, texts or people sitting on the floor.

### Offerings

A small donation in the box, or a *khata* scarf offered with both hands, is always appreciated.

![Young monks crossing a sunlit monastery courtyard in Boudha](/images/blog/monastery-visit.jpg)

Read more about the stupa itself on [Wikipedia](https://en.wikipedia.org/wiki/Boudhanath), or ask our front desk which monasteries have public teachings this week. See also our [experience page](/experience/).
$md$,
  'travel',
  '/images/blog/monastery-visit.jpg',
  'Young monks crossing a monastery courtyard in Boudha',
  'Pema Sherpa',
  'Guest Experience Host',
  null, false, true,
  'Monastery Etiquette in Boudha: A Guide for Visitors',
  'How to visit the monasteries around Boudhanath Stupa respectfully: dress, shoes, photographs, offerings and prayer-hall etiquette.',
  'monastery etiquette nepal, visiting monasteries boudha, buddhist etiquette',
  now() - interval '3 days', now() - interval '3 days'
);

-- Scheduled: published, but dated a week ahead (D12), so it stays out of the public site until then.
insert into public.blog_posts (
  slug, title, excerpt, content, category, featured_image, alt_text, author_name, author_role,
  published_date, is_published, is_indexed, meta_title, meta_description, seo_keywords, og_title, og_description,
  created_at, updated_at
)
values (
  'losar-2027-celebrations',
  'Losar 2027: Celebrating Tibetan New Year at Boudhanath',
  'New prayer flags on the stupa, masked dances and khapse biscuits by the basketful: how Boudha celebrates Losar, and how to join in.',
  $md$Of all the days in Boudha's year, none is brighter than [Losar](https://en.wikipedia.org/wiki/Losar), the Tibetan New Year. It usually falls in February, and for a few days the whole neighbourhood seems to be wearing its best clothes at once.

## What happens at Losar

### Before the new year

Houses are cleaned from top to bottom, and kitchens turn out mountains of *khapse*, crisp fried biscuits twisted into knots and spirals. Two evenings before the new year, families eat *guthuk*, a dumpling soup with hidden surprises that predict each person's fortune for the year ahead.

### New prayer flags

On the first days of the year the long lines of prayer flags running from the top of the stupa are taken down and replaced. Hundreds of people crowd the plaza to watch and to throw handfuls of *tsampa*, roasted barley flour, into the air for luck.

![Crowds throwing tsampa flour into the air beneath new prayer flags at Boudhanath](/images/blog/losar.jpg)

## How to join in

1. **Walk the kora on the first morning.** It will be the most crowded lap of your life, and the friendliest.
2. **Wish people well** with *Losar Tashi Delek*.
3. **Visit a monastery** for the new year prayers; many welcome visitors.
4. **Eat everything you are offered.** Refusing khapse at Losar is practically impossible.

#### At the hotel

We will serve khapse and butter tea in [Boudha Cafe de Mandala](/boudha-cafe-de-mandala/) throughout the celebrations, and our Saturday music night will be a Losar special. Rooms with a stupa view book out early for these dates, so see our [accommodation page](/accommodation/) soon.

![Khapse biscuits piled on a plate beside cups of butter tea](/images/blog/losar.jpg)

*Losar Tashi Delek* from all of us at Boudha Mandala Hotel.
$md$,
  'culture',
  '/images/blog/losar.jpg',
  'Celebrations beneath new prayer flags at Boudhanath Stupa for Losar',
  'Pema Sherpa',
  'Guest Experience Host',
  now() + interval '7 days', true, true,
  'Losar 2027 at Boudhanath: Tibetan New Year in Boudha',
  'How Boudha celebrates Losar, the Tibetan New Year: new prayer flags on the stupa, khapse, guthuk and kora crowds, and how visitors can join in respectfully.',
  'losar 2027, tibetan new year kathmandu, losar boudhanath, khapse, boudha festivals',
  'Losar 2027: Tibetan New Year at Boudhanath',
  'New prayer flags, khapse and the most joyful kora of the year.',
  now() - interval '1 day', now() - interval '1 day'
);

-- Reviews: Google My Business and the site's own host (D15). Three featured, one hidden. -------------------------

insert into public.reviews (reviewer_name, rating, review_text, review_date, platform_source, is_displayed, is_featured)
values
  ('Sophie L.', 5,
   'We opened the balcony doors on our first morning and the stupa was right there, with the whole neighbourhood already walking around it. The staff remembered our names from day one, the airport pick-up was waiting despite our delayed flight, and the momo in the cafe were the best we ate in Nepal.',
   '2025-03-14', 'Google My Business', true, true),
  ('Daniel K.', 5,
   'I came for a week and stayed for five. The apartment kitchen meant I could cook, the laundry is genuinely free, and there is always someone at the front desk who can explain a festival or point you to the right monastery. A real home in Boudha.',
   '2025-05-02', 'boudhamandala.example', true, true),
  ('Aiko T.', 4,
   'Lovely quiet room and a perfect location, ten seconds from the stupa gate. Breakfast in the cafe was excellent. Only four stars because the wifi slowed down in the evenings, but the staff moved me to a room closer to the router without any fuss.',
   '2025-06-21', 'Google My Business', true, false),
  ('Priya M.', 5,
   'The Thangka painting class was the highlight of our trip. Our teacher was so patient, and we came away with a much deeper appreciation of the art we saw in the lanes. The hotel arranged everything at the front desk in five minutes.',
   '2025-08-09', 'boudhamandala.example', true, false),
  ('Tom H.', 3,
   'Good value and an unbeatable position next to the stupa. The room was clean and the team were kind, but hot water took a long time to arrive in the mornings and the dogs in the lane were loud at night. Bring earplugs and you will be fine.',
   '2025-09-30', 'Google My Business', true, false),
  ('Lucía R.', 5,
   'Saturday night in the cafe with live music, chai and a room full of strangers singing a Tibetan song together. I will remember it for a long time. Our Stupa View Room was simple, spotless and very comfortable.',
   '2025-11-15', 'Google My Business', true, false),
  ('Jakub N.', 4,
   'Walked the kora every morning at dawn, straight from the hotel door. Comfortable beds, helpful staff who speak Nepali, Tibetan and English, and no surprise charges at checkout. The room with balcony was a little small, but the view made up for it.',
   '2025-12-28', 'boudhamandala.example', true, false),
  ('Hannah W.', 5,
   'We arrived exhausted at 2am and someone was waiting with tea and our key. Next morning the view of the stupa from our apartment balcony made us both cry a little. Warm, honest and thoughtful in every detail.',
   '2026-02-19', 'Google My Business', true, true),
  ('Marco B.', 4,
   'Great base for exploring the valley: Pashupatinath is a short taxi ride away and the airport only twenty minutes. The Western brunch was a welcome change after trekking. Would have liked a bit more light in the bathroom.',
   '2026-04-05', 'Google My Business', true, false),
  ('Ji-woo P.', 5,
   'I stayed a month on the Ashram Stay for a meditation course nearby. Quiet, clean and very affordable, with a kitchen I could use and staff who looked out for me without ever intruding. I am already planning to come back.',
   '2026-06-11', 'boudhamandala.example', true, false),
  ('Emily C.', 5,
   'The cultural talk about the history of the stupa was fascinating, and the host was happy to answer all our questions afterwards. The hotel feels part of the neighbourhood rather than a bubble for tourists.',
   '2026-08-23', 'boudhamandala.example', true, false),
  ('Rahul S.', 4,
   'Clean rooms, fair prices and a great location. They let us check in early after an overnight bus, which we really appreciated. The lane can be busy during festivals, so ask for a room at the back if you are a light sleeper.',
   '2026-10-03', 'Google My Business', true, false),
  -- Hidden: written about a different hotel (it mentions Thamel and a pool), so staff hid it.
  ('Anneke V.', 4,
   'Nice hotel in the middle of Thamel, close to all the bars and trekking shops. The rooftop pool was a bit cold in October.',
   '2026-10-19', 'Google My Business', false, false);

-- Pages: the cafe page (published) and a draft page ------------------------------------------------------------

insert into public.pages (
  id, title, slug, content, custom_url, is_published, is_indexed,
  seo_title, seo_description, seo_keywords, og_title, og_description
)
values (
  '5e0d1c2a-0000-4000-8000-00000000cafe',
  'Boudha Cafe de Mandala',
  'boudha-cafe-de-mandala',
  $md$**Boudha Cafe de Mandala** is the cafe of Boudha Mandala Hotel, a ten-second walk from the stupa. Come for butter tea after your dawn kora, momo at lunchtime, a Western brunch at any hour of the morning, and live music every Saturday evening.

Guests and neighbours are equally welcome. See our [rooms](/accommodation/) if you would like to stay with us.
$md$,
  '/boudha-cafe-de-mandala/',
  true, true,
  'Boudha Cafe de Mandala | Cafe by Boudhanath Stupa, Kathmandu',
  'Momo, Western brunch, butter tea and Nepali coffee beside Boudhanath Stupa, with live music every Saturday evening. Open daily at Boudha Mandala Hotel.',
  'boudha cafe, cafe near boudhanath stupa, momo boudha, brunch kathmandu, live music boudha saturday',
  'Boudha Cafe de Mandala',
  'Momo, brunch and live music every Saturday, ten seconds from the stupa.'
);

insert into public.pages (id, title, slug, content, custom_url, is_published, is_indexed, seo_title, seo_description)
values (
  '5e0d1c2a-0000-4000-8000-0000000d4af7',
  'Monsoon Retreat Packages',
  'monsoon-retreats',
  $md$## Monsoon Retreat Packages

*Draft for summer 2027.* Quiet weeks beside the stupa while the rains wash the valley clean: a room with a kitchen, morning meditation, a Thangka painting class and a cultural talk each week.

Prices and dates to be confirmed.
$md$,
  null,
  false, true,
  'Monsoon Retreat Packages at Boudha Mandala Hotel',
  'Draft: slow weeks beside Boudhanath Stupa during the monsoon, with meditation, a Thangka painting class and cultural talks.'
);

-- Cafe page text blocks, each naming the section it fills (src/data/cafe.ts); the last one is an old notice, kept
-- inactive.
insert into public.content_blocks (page_id, block_type, content, sort_order, is_active)
values
  -- hero
  ('5e0d1c2a-0000-4000-8000-00000000cafe', 'text',
   jsonb_build_object('text', 'Slow coffee, warm momo and the sound of prayer wheels, ten seconds from the stupa.', 'alignment', 'left', 'section', 'hero'),
   1, true),
  -- intro
  ('5e0d1c2a-0000-4000-8000-00000000cafe', 'text',
   jsonb_build_object('text', 'Boudha Cafe de Mandala is the hotel''s own cafe, open to guests and neighbours alike. Pilgrims back from their morning kora, monks between classes and travellers with laptops all share the same long wooden tables.', 'alignment', 'left', 'section', 'intro'),
   2, true),
  -- philosophy
  ('5e0d1c2a-0000-4000-8000-00000000cafe', 'text',
   jsonb_build_object('text', 'We cook the way the neighbourhood eats: simply, generously and with respect for where the food comes from. Our vegetables come from farms in the valley, and nothing leaves the kitchen that we would not serve our own families.', 'alignment', 'left', 'section', 'philosophy'),
   3, true),
  -- food
  ('5e0d1c2a-0000-4000-8000-00000000cafe', 'text',
   jsonb_build_object('text', 'The kitchen moves easily between two worlds: Himalayan staples such as momo, thukpa and Tibetan bread, and a proper Western brunch of eggs, pancakes, sourdough toast and granola with fresh curd.', 'alignment', 'left', 'section', 'food'),
   4, true),
  -- menu
  ('5e0d1c2a-0000-4000-8000-00000000cafe', 'text',
   jsonb_build_object('text', 'Guest favourites include buff and vegetable momo with our sesame-tomato achar, buckwheat pancakes with Himalayan honey and masala chai simmered slowly in milk. Our coffee is grown in the hills of Gulmi and Palpa and brewed by the cup.', 'alignment', 'left', 'section', 'menu'),
   5, true),
  -- atmosphere
  ('5e0d1c2a-0000-4000-8000-00000000cafe', 'text',
   jsonb_build_object('text', 'Morning light falls across low cushions and worn wooden tables while the murmur of mantras drifts in from the square. Stay for one cup or the whole afternoon; nobody will hurry you.', 'alignment', 'left', 'section', 'atmosphere'),
   6, true),
  -- live music
  ('5e0d1c2a-0000-4000-8000-00000000cafe', 'text',
   jsonb_build_object('text', 'Live music is every Saturday: from six in the evening local musicians play Nepali folk songs on sarangi and madal and Tibetan melodies on the dranyen. Entry is free, and the kitchen stays open until the last song.', 'alignment', 'left', 'section', 'music'),
   7, true),
  -- design
  ('5e0d1c2a-0000-4000-8000-00000000cafe', 'text',
   jsonb_build_object('text', 'The room is built around the mandala that gives us our name: a round ceiling painted by Thangka artists from the lanes, carved Newari window frames, and walls in the ochre and maroon of monastery robes.', 'alignment', 'left', 'section', 'design'),
   8, true),
  -- welcome
  ('5e0d1c2a-0000-4000-8000-00000000cafe', 'text',
   jsonb_build_object('text', 'Whether you are staying with us or simply passing on your kora, come in, sit down and make yourself at home. Tashi delek, and namaste.', 'alignment', 'left', 'section', 'welcome'),
   9, true),
  -- old seasonal notice, no longer shown
  ('5e0d1c2a-0000-4000-8000-00000000cafe', 'text',
   jsonb_build_object('text', 'Monsoon notice (July to August 2025): the window seats are closed while the rains last. Please join us at the tables inside.', 'alignment', 'left'),
   10, false);

-- The draft page's single block (hidden from the public with its page).
insert into public.content_blocks (page_id, block_type, content, sort_order, is_active)
values (
  '5e0d1c2a-0000-4000-8000-0000000d4af7', 'text',
  jsonb_build_object('text', 'Spend the green season beside the stupa: two to four weeks of quiet mornings, meditation and monsoon rain on the rooftops of Boudha.', 'alignment', 'left'),
  1, true
);

-- Cafe page sections, rendered after the content (D11); the third is inactive.
insert into public.sections (page_id, section_name, section_content, is_active, sort_order)
values
  ('5e0d1c2a-0000-4000-8000-00000000cafe', 'Opening Hours',
   jsonb_build_object(
     'title', 'Opening Hours',
     'content', 'Open daily from 7:00 am to 9:00 pm. Brunch is served until 2:00 pm, and live music starts at 6:00 pm every Saturday.',
     'style', jsonb_build_object('backgroundColor', '#f7f1e8', 'color', '#3b2a1a')),
   true, 1),
  ('5e0d1c2a-0000-4000-8000-00000000cafe', 'Find Us',
   jsonb_build_object(
     'title', 'Find Us',
     'content', 'Inside Boudha Mandala Hotel, Boudha Stupa Circle, Kathmandu 44600: about 50 metres, a ten-second walk, from the main stupa gate.',
     'style', jsonb_build_object('backgroundColor', '#f7f1e8', 'color', '#3b2a1a')),
   true, 2),
  ('5e0d1c2a-0000-4000-8000-00000000cafe', 'Losar Set Menu 2026',
   jsonb_build_object(
     'title', 'Losar Set Menu',
     'content', 'For the Tibetan New Year: guthuk soup, khapse and butter tea, served from 17 to 20 February 2026.',
     'style', jsonb_build_object('backgroundColor', '#f7f1e8', 'color', '#3b2a1a')),
   false, 3);

-- Redirects -----------------------------------------------------------------------------------------------------

insert into public.seo_redirects (from_url, to_url, redirect_type, is_active, created_at, updated_at)
values
  ('/rooms/', '/accommodation/', 301, true, now() - interval '40 days', now() - interval '40 days'),
  ('/book/', '/booking/', 302, true, now() - interval '30 days', now() - interval '30 days'),
  ('/old-blog/', '/blog/', 301, true, now() - interval '20 days', now() - interval '20 days'),
  ('/summer-offer/', '/accommodation/', 301, false, now() - interval '10 days', now() - interval '10 days');

-- Sitemap: the static pages with the spec's defaults, and one custom URL (0.5, monthly) ----------------------------

insert into public.sitemap_entries (url, entry_type, title, is_included, priority, changefreq)
values
  ('/', 'static', 'Home', true, 1.0, 'daily'),
  ('/about/', 'static', 'About Us', true, 0.8, 'weekly'),
  ('/accommodation/', 'static', 'Accommodation', true, 0.9, 'weekly'),
  ('/experience/', 'static', 'Experience', true, 0.8, 'weekly'),
  ('/gallery/', 'static', 'Gallery', true, 0.7, 'monthly'),
  ('/contact/', 'static', 'Contact Us', true, 0.6, 'monthly'),
  ('/blog/', 'static', 'Blog', true, 0.8, 'daily'),
  ('/reviews/', 'static', 'Reviews', true, 0.7, 'weekly'),
  ('/location/', 'custom', 'Location & Directions', true, 0.5, 'monthly');
