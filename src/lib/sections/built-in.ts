/**
 * The built-in pages that are made of typed sections (#31): their head and their sections, in code. The page
 * (src/components/templates/*.astro) renders these through PageSections; converting it in the admin copies them,
 * with the head, into the stored page, which renders them through the same components: a converted page published
 * unchanged is the built-in page (tests/e2e/convert-design.spec.ts compares them pixel by pixel).
 *
 * Pictures are the site's own photos in public/images/pages/, which outlive a code version (an /_astro/ address
 * does not) and get responsive copies in the build like uploads. Browser-safe: the admin imports it on Convert.
 */
import { ROOM_AMENITIES } from '../../data/amenities';
import type { SectionInput } from './schema';

export interface BuiltInPage {
  seo: { title: string; description: string };
  sections: SectionInput[];
}

const book = (label: string) => ({ label, href: '', book: true });
const link = (label: string, href: string) => ({ label, href, book: false });

const about: BuiltInPage = {
  seo: {
    title: 'About Boudha Mandala Hotel | Our Story, Values and Team',
    description:
      'The story of Boudha Mandala Hotel beside Boudhanath Stupa: who stays with us, what we value, our team, and why guests choose our warm Kathmandu boutique hotel.',
  },
  sections: [
    {
      type: 'hero',
      eyebrow: 'About us',
      title: 'A Home Beside the Great Stupa',
      lead: 'Boudha Mandala Hotel is a small, welcoming place to stay in Boudha, built around the rhythm of the stupa next door.',
      image: {
        src: '/images/pages/about-story.jpg',
        alt: "The hotel's carved wooden entrance, decorated with marigold garlands and potted flowers",
      },
      buttons: [],
    },
    {
      type: 'story',
      anchor: 'story',
      eyebrow: 'Our story',
      title: 'How Boudha Mandala Began',
      content: [
        'For years we watched travellers arrive in Boudha tired and lost, searching for a room close enough to the stupa to hear the evening chants. So we opened our doors a few steps from the kora and called the house Boudha Mandala: a circle of welcome around a sacred centre.',
        'The idea was simple: clean, warm rooms, kitchens where guests can cook for themselves, a cafe for slow breakfasts, and people at the front desk at any hour who know the neighbourhood well. Many of our guests come back season after season, some for a week, some for months of study and practice.',
        'We still walk the kora every morning. When you stay with us, you are welcome to join.',
      ].join('\n\n'),
      image: null,
    },
    {
      type: 'cards',
      anchor: 'welcome-guests',
      eyebrow: 'Everyone is welcome',
      title: 'Who Stays With Us',
      lead: 'Boudha draws people for many reasons. Whatever brings you here, there is a room for you.',
      columns: '4',
      items: [
        {
          icon: 'lotus',
          title: 'Spiritual Travellers',
          text: 'Pilgrims and seekers who want to walk the kora at dawn, light butter lamps and sit in the monastery halls.',
        },
        {
          icon: 'calendar',
          title: 'Long-Stay Practitioners',
          text: 'Students of the dharma here for a retreat, a teaching season or a course at one of the monasteries nearby.',
        },
        {
          icon: 'laptop',
          title: 'Digital Nomads',
          text: 'Remote workers who need good Wi-Fi, a kitchen and a quiet desk, with the stupa as the view on a break.',
        },
        {
          icon: 'temple',
          title: 'Cultural Visitors',
          text: 'Travellers curious about Tibetan art, food and festivals, and about the living culture of the Kathmandu Valley.',
        },
      ],
    },
    {
      type: 'cards',
      anchor: 'values',
      eyebrow: 'What guides us',
      title: 'Our Values',
      dark: true,
      columns: '3',
      items: [
        {
          icon: 'heart',
          title: 'Heartfelt Hospitality',
          text: 'We greet every guest as a friend of the family, remember how you take your tea and go the extra step.',
        },
        {
          icon: 'stupa',
          title: 'Respect for the Sacred',
          text: 'We live beside a holy place. We keep our hotel calm and help guests honour the customs of the stupa.',
        },
        {
          icon: 'leaf',
          title: 'Simple and Sustainable',
          text: 'Filtered water instead of plastic bottles, local produce in the cafe and rooms free of needless clutter.',
        },
      ],
    },
    {
      type: 'cards',
      anchor: 'reasons',
      eyebrow: 'Good to know',
      title: 'Reasons to Stay With Us',
      columns: '3',
      items: [
        {
          icon: 'plane',
          title: 'Airport Pick-up & Drop-off Included',
          text: 'We meet you at arrivals and take you back for your flight home, with no extra charge.',
        },
        {
          icon: 'globe',
          title: 'Staff Fluent in Nepali, Tibetan & English',
          text: 'Ask us anything: directions, monastery schedules, how to order momos or bargain for a singing bowl.',
        },
        {
          icon: 'tag',
          title: 'No Hidden Fees',
          text: 'The price you book is the price you pay. Laundry, drinking water and airport transfers are all included.',
        },
      ],
    },
    {
      type: 'team',
      anchor: 'team',
      eyebrow: 'The people behind the welcome',
      title: 'Meet Our Team',
      lead: 'The faces you will see at the front desk, in the cafe and on the way from the airport.',
      members: [
        { name: 'Pema', role: 'Team Member' },
        { name: 'Sonam', role: 'Team Member' },
        { name: 'Anita', role: 'Team Member' },
      ],
    },
    {
      type: 'cta',
      anchor: 'about-cta',
      title: 'Come and Stay With Us',
      text: 'Tell us your dates and what brings you to Boudha. We will have the kettle on when you arrive.',
      buttons: [book('Book Your Stay'), link('Contact Us', '/contact/')],
    },
  ],
};

const experience: BuiltInPage = {
  seo: {
    title: 'Experiences in Boudha: Thangka Classes & Free Laundry',
    description:
      'Make the most of your stay by Boudhanath Stupa: a Thangka painting class booked at our front desk, free laundry, a brunch cafe and airport transfers included.',
  },
  sections: [
    {
      type: 'hero',
      eyebrow: 'Experience',
      title: 'More Than a Place to Sleep',
      lead: 'Paint a thangka with a local artist, let us take care of your laundry and spend slow mornings in our cafe. Here is what your stay in Boudha can include.',
      image: {
        src: '/images/pages/cafe.jpg',
        alt: 'Rooftop cafe with tables under a parasol and string lights, looking out at Boudhanath Stupa',
      },
      buttons: [book('Book Your Stay'), link('Thangka Painting Class', '#thangka')],
    },
    {
      type: 'story',
      anchor: 'laundry',
      eyebrow: 'Included in your stay',
      title: 'Free Laundry Service',
      content: [
        'Trekking boots, dusty trousers, a week of travel in one bag: hand it in at the front desk and we will wash, dry and fold it for you, free of charge for every guest.',
        'Most bags are back the next day. Let us know if you need something sooner, before an early flight or a trek, and we will do our best.',
      ].join('\n\n'),
      image: {
        src: '/images/pages/laundry.jpg',
        alt: 'Clean clothes drying on a line above neat stacks of folded laundry',
      },
    },
    {
      type: 'story',
      anchor: 'thangka',
      eyebrow: 'Learn a sacred art',
      title: 'Thangka Painting Class',
      content: [
        'Thangkas are Tibetan Buddhist scroll paintings, drawn to precise proportions and coloured with mineral pigments and gold. In Boudha the tradition is alive in dozens of small studios around the stupa.',
        'In our class a local thangka painter guides you through the first steps: the sacred geometry of the grid, a simple outline and your first careful brushstrokes. No experience is needed, and you take your work home.',
        '**Places are limited: reserve your class at the front desk.**',
      ].join('\n\n'),
      image: {
        src: '/images/pages/thangka-class.jpg',
        alt: 'A mandala thangka on an easel beside brushes and pots of paint in a painting studio',
      },
      imageRight: true,
    },
    {
      type: 'cards',
      anchor: 'services',
      eyebrow: 'At your service',
      title: 'Services for Your Stay',
      lead: 'Two more ways we make life by the stupa easy.',
      columns: '2',
      large: true,
      items: [
        {
          icon: 'cup',
          title: 'Boudha Cafe de Mandala',
          text: 'Start the day with a Western brunch of eggs, pancakes and fresh coffee, or try Tibetan bread with honey and butter tea. Every Saturday evening the cafe fills with live music.',
          linkLabel: 'Visit the cafe',
          linkHref: '/boudha-cafe-de-mandala/',
        },
        {
          icon: 'car',
          title: 'Airport Transfers & Local Help',
          text: 'Airport pick-up and drop-off are included in your stay. Our 24/7 front desk can also arrange taxis, guides, trekking permits and tickets to the sights of the valley.',
          linkLabel: 'Getting here',
          linkHref: '/location/',
        },
      ],
    },
    {
      type: 'cta',
      anchor: 'experience-cta',
      title: 'Plan Your Days in Boudha',
      text: 'Book your room, then tell us what you would like to see and do. We will help with the rest.',
      buttons: [book('Book Your Stay'), link('Explore Rooms', '/accommodation/'), link('Contact Us', '/contact/')],
    },
  ],
};

const accommodation: BuiltInPage = {
  seo: {
    title: 'Rooms & Apartments near Boudhanath Stupa | Boudha Mandala',
    description:
      'Eight ways to stay by Boudhanath Stupa: deluxe rooms from $35/night, balcony and stupa view rooms, suites, apartments with kitchens and a monthly Ashram Stay.',
  },
  sections: [
    {
      type: 'hero',
      eyebrow: 'Accommodation',
      title: 'Rooms, Suites & Apartments',
      lead: 'From a cosy double for a short visit to an apartment with its own kitchen and a balcony facing the stupa, every stay is a ten-second walk from Boudhanath.',
      image: {
        src: '/images/pages/apartment-balcony-stupa-view.jpg',
        alt: 'Apartment with a kitchen and a sofa, its balcony doors open to a view of Boudhanath Stupa',
      },
      buttons: [],
    },
    {
      type: 'part',
      part: 'rooms',
      anchor: 'rooms',
      eyebrow: 'Choose your room',
      title: 'Our Rooms',
      lead: 'All prices are per room and include free Wi-Fi, laundry, drinking water and airport pick-up and drop-off.',
    },
    {
      type: 'cards',
      anchor: 'amenities',
      eyebrow: 'In every stay',
      title: 'Amenities',
      lead: 'Thoughtful basics for a short stay or a long one, with no hidden fees.',
      dark: true,
      columns: '3',
      items: ROOM_AMENITIES.map((a) => ({ ...a })),
    },
    {
      type: 'part',
      part: 'partner-discounts',
      anchor: 'partner-discounts',
      eyebrow: 'Exclusive for our guests',
      title: 'Partner Discounts',
      lead: 'Boudha is full of good teachers, cooks and craftspeople, and ten of our neighbours give our guests a discount. Pick up a partner card at the front desk and show it when you pay.',
    },
    {
      type: 'cta',
      anchor: 'availability',
      title: 'Ready to Stay by the Stupa?',
      text: 'See which rooms are free for your dates and book directly with us in a couple of minutes.',
      buttons: [book('Check Availability'), link('Ask a Question', '/contact/')],
    },
  ],
};

/** The built-in pages made of sections, by their address. */
export const BUILT_IN_PAGES: Readonly<Record<string, BuiltInPage>> = {
  '/about/': about,
  '/experience/': experience,
  '/accommodation/': accommodation,
};
