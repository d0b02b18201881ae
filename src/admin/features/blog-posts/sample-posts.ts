/**
 * The bundled sample posts of the sample loader, and the puja guide post (spec: Blog Posts Management). Original
 * text about Boudha, written for this project. They are loaded as drafts, so nothing reaches the public site
 * until staff have read them and switched Publish on.
 */
import type { TablesInsert } from '../../lib/supabase';

type Post = TablesInsert<'blog_posts'>;

const HOTEL = { author_name: 'Boudha Mandala Team', author_role: 'Hotel staff', is_published: false, is_indexed: true };

export const SAMPLE_POSTS: Post[] = [
  {
    ...HOTEL,
    slug: 'butter-lamps-at-boudha',
    title: 'Butter Lamps at Boudha: Why the Stupa Glows After Dark',
    category: 'spirituality',
    excerpt:
      'Behind the stupa stand small houses full of flickering lamps. What the lamps mean, how to offer one, and the best hour to see them.',
    meta_description:
      'What the butter lamps around Boudhanath Stupa mean, how a visitor can offer one, and the best evening hour to see the lamp houses glow.',
    content: `Walk the kora after sunset and you will notice a warm light behind low doorways on the north side of the stupa. These are the lamp houses, rooms lined with hundreds of small brass bowls, each holding a wick in melted butter or ghee.

## What a lamp offering means

In Tibetan Buddhism a lamp stands for the light of wisdom that clears away confusion. People offer lamps for a family member who is ill, for someone who has died, before a journey, or simply to mark a day that matters. Nobody will ask you why you are lighting one.

## How to offer a lamp

1. Buy a lamp or a set of lamps from the keeper at the door; the price is written on a board.
2. Light it from a lamp that is already burning, never by blowing on a match inside the room.
3. Place it where the keeper shows you, make a wish or a dedication, and step back out clockwise.

## When to go

The lamp houses are at their best in the hour after dusk, when the plaza lights are still low. From our rooftop you can see the glow before you go down.

*Tip:* the rooms are warm and smoky. Leave large bags at the hotel and keep your scarf away from the flames.`,
  },
  {
    ...HOTEL,
    slug: 'a-slow-morning-in-boudha',
    title: 'A Slow Morning in Boudha: Tea, Prayer Wheels and the Rooftop',
    category: 'wellness',
    excerpt:
      'You do not need an itinerary to enjoy Boudha. A gentle morning plan for guests who came to rest: a few turns of the kora, sweet tea and a quiet hour above the plaza.',
    meta_description:
      'A gentle morning in Boudha for guests who came to rest: a few turns of the kora, sweet milk tea in a side street and a quiet hour on the rooftop.',
    content: `Many of our guests arrive after long flights or weeks of trekking. Boudha is a good place to do very little, well.

## Seven o'clock: one turn around the stupa

Join the walkers for a single circuit. Spin the prayer wheels set into the wall with your right hand and let the crowd set your pace. One turn takes about fifteen minutes.

## Eight o'clock: sweet tea

Step into one of the small tea shops on the lanes behind the stupa and order *cha*, milk tea boiled with sugar and a little spice. Sit at a shared table; the monks next to you will be doing the same.

## Nine o'clock: the rooftop

Back at the hotel, take a book to the roof. The stupa's eyes look out in four directions, and by nine the morning light has reached the gilded spire. Breakfast is served until half past ten in the [cafe](/boudha-cafe-de-mandala/).

## If you want more

Ask at the front desk about a quiet meditation session in a nearby monastery, or simply stay. Doing nothing beside the stupa is a fine way to spend a morning.`,
  },
  {
    ...HOTEL,
    slug: 'getting-to-boudha-from-the-airport',
    title: 'Getting to Boudha from Tribhuvan Airport',
    category: 'travel',
    excerpt:
      'Boudha is close to Kathmandu airport, but traffic decides how close. Taxis, hotel pick-up and what to expect on the way.',
    meta_description:
      'How to get from Tribhuvan International Airport to Boudhanath: taxis, the hotel pick-up, typical times and fares, and where the car stops.',
    content: `Boudhanath is one of the nearest neighbourhoods to Tribhuvan International Airport, about six kilometres by road. On a quiet morning the drive takes twenty minutes; at the evening rush it can take an hour.

## By taxi

Prepaid taxi counters stand just outside the arrivals hall. Agree the fare before you get in and ask for "Boudha stupa, main gate". Have some Nepali rupees ready; small notes help.

## Hotel pick-up

We can meet you at arrivals with a sign bearing your name. Tell us your flight number when you book, or write to us through the [contact page](/contact/), and we will watch for delays.

## Where the car stops

Cars cannot enter the stupa plaza. Your driver will stop at the main gate on the Ring Road side; the hotel is a short walk inside. If you have heavy luggage, call us from the gate and someone will come to help.

## Leaving

For an international flight, leave Boudha at least three hours before departure at busy times of day. The front desk will tell you what the traffic is like that day.`,
  },
];

export const PUJA_POST: Post = {
  ...HOTEL,
  slug: 'a-guide-to-puja-at-boudhanath',
  title: 'A Guide to Puja at Boudhanath: How Visitors Can Take Part',
  category: 'spirituality',
  excerpt:
    'Puja is the daily practice of offering and prayer in the monasteries around the stupa. When it happens, how visitors can watch respectfully, and how to request one.',
  meta_description:
    'Puja at Boudhanath: when the monasteries hold their prayers, how visitors can watch respectfully, what to offer, and how to request a puja.',
  content: `Morning and late afternoon, deep horns and drums sound from the monasteries around Boudhanath. This is puja, the practice of prayer, chanting and offering that monks and nuns hold every day.

## When to listen

Most monasteries in Boudha hold a morning puja between six and eight and an afternoon puja around three or four. On full-moon days and on Tibetan festival days the prayers are longer and the plaza is busier.

## Watching respectfully

- Ask before you enter a prayer hall, and take off your shoes at the door.
- Sit at the back or along the side, never with your feet pointing towards the altar or the monks.
- Keep your phone silent and ask before taking any photograph.
- Walk clockwise around the hall and around any statue or stupa.

## Offerings

A *khata*, a white silk scarf, is the simplest offering; you can buy one from the shops around the plaza. A small donation placed in the box by the altar is always welcome.

## Requesting a puja

Families and visitors can ask a monastery to hold a puja for a particular purpose: good health, a safe journey, or in memory of someone who has died. Our front desk can introduce you to a monastery nearby and explain what is customary to give.`,
};
