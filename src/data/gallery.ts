/** The twelve photographs of /gallery/, in the order they are shown. */
import type { ImageMetadata } from 'astro';
import room1 from '../assets/images/gallery/room-1.jpg';
import room2 from '../assets/images/gallery/room-2.jpg';
import terrace from '../assets/images/gallery/terrace.jpg';
import lobby from '../assets/images/gallery/lobby.jpg';
import breakfast from '../assets/images/gallery/breakfast.jpg';
import momo from '../assets/images/gallery/momo.jpg';
import yoga from '../assets/images/gallery/yoga.jpg';
import meditation from '../assets/images/gallery/meditation.jpg';
import stupaDawn from '../assets/images/gallery/stupa-dawn.jpg';
import kora from '../assets/images/gallery/kora.jpg';
import monastery from '../assets/images/gallery/monastery.jpg';
import prayerWheels from '../assets/images/gallery/prayer-wheels.jpg';

export type GalleryCategory = 'rooms' | 'facilities' | 'dining' | 'wellness' | 'location';

export interface GalleryItem {
  id: string;
  category: GalleryCategory;
  caption: string;
  image: ImageMetadata;
  alt: string;
}

export const GALLERY: readonly GalleryItem[] = [
  {
    id: 'deluxe-double',
    category: 'rooms',
    caption: 'A Deluxe Double room, warm, simple and quiet',
    image: room1,
    alt: 'Illustration of a guest room with a double bed, two bedside lamps, a teal armchair and a red Tibetan rug on a wooden floor',
  },
  {
    id: 'deluxe-twin',
    category: 'rooms',
    caption: 'A Deluxe Twin room, made up for two friends',
    image: room2,
    alt: 'Illustration of a twin room with two beds in blue and white linen, a bedside table between them and a woven runner rug',
  },
  {
    id: 'rooftop-terrace',
    category: 'facilities',
    caption: 'The rooftop terrace, our favourite place at sunset',
    image: terrace,
    alt: 'Illustration of the rooftop terrace with cushioned seats, a low tea table and potted plants, prayer flags above and the stupa beyond',
  },
  {
    id: 'lobby',
    category: 'facilities',
    caption: 'The lobby and our 24/7 front desk',
    image: lobby,
    alt: 'Illustration of the lobby with a red and gold reception desk under hanging lamps, a teal sofa and a low coffee table',
  },
  {
    id: 'cafe-breakfast',
    category: 'dining',
    caption: 'Western brunch at the cafe downstairs',
    image: breakfast,
    alt: 'Illustration of a breakfast table seen from above: fried eggs, toast and tomato, a bowl of fruit, a bread roll and cups of tea',
  },
  {
    id: 'momo',
    category: 'dining',
    caption: 'Steamed momo with tomato and sesame chutney',
    image: momo,
    alt: 'Illustration of a bamboo steamer and a plate of momo dumplings with chopsticks and two small bowls of chutney',
  },
  {
    id: 'morning-yoga',
    category: 'wellness',
    caption: 'Morning yoga on the roof before the city wakes',
    image: yoga,
    alt: 'Illustration of a guest in tree pose on a yoga mat on the rooftop, with the stupa and snow peaks behind',
  },
  {
    id: 'rooftop-meditation',
    category: 'wellness',
    caption: 'Sitting in meditation, facing the stupa from the roof',
    image: meditation,
    alt: 'Illustration of a person in a maroon robe meditating on a cushion on the rooftop, facing Boudhanath Stupa and the mountains',
  },
  {
    id: 'stupa-at-dawn',
    category: 'location',
    caption: 'Boudhanath Stupa at dawn, 50 meters from our door',
    image: stupaDawn,
    alt: 'Illustration of the white dome and golden spire of Boudhanath Stupa with its painted eyes, prayer flags and snow peaks at dawn',
  },
  {
    id: 'evening-kora',
    category: 'location',
    caption: 'Pilgrims walking the kora around the stupa',
    image: kora,
    alt: 'Illustration of pilgrims and monks in maroon robes walking around the base of Boudhanath Stupa',
  },
  {
    id: 'monastery',
    category: 'location',
    caption: 'One of the many monasteries in the lanes of Boudha',
    image: monastery,
    alt: 'Illustration of a white Tibetan monastery with red window frames and a golden Dharma wheel on the roof, two monks in front',
  },
  {
    id: 'prayer-wheels',
    category: 'location',
    caption: 'Prayer wheels along the stupa wall',
    image: prayerWheels,
    alt: 'Illustration of a row of golden prayer wheels set in a red wall',
  },
];
