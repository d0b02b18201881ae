/** The room options of the spec (names and price texts verbatim) and the amenities every stay includes. */
import type { ImageMetadata } from 'astro';
import deluxeDouble from '../assets/images/rooms/deluxe-double.jpg';
import deluxeTwin from '../assets/images/rooms/deluxe-twin.jpg';
import balcony from '../assets/images/rooms/balcony.jpg';
import suite from '../assets/images/rooms/suite.jpg';
import stupaView from '../assets/images/rooms/stupa-view.jpg';
import apartment from '../assets/images/rooms/apartment.jpg';
import apartmentBalcony from '../assets/images/rooms/apartment-balcony-stupa-view.jpg';
import ashram from '../assets/images/rooms/ashram.jpg';

export interface Room {
  name: string;
  /** Price text exactly as the spec gives it. */
  price: string;
  image: ImageMetadata;
  imageAlt: string;
  description: string;
}

export const ROOMS: readonly Room[] = [
  {
    name: 'Deluxe Double Bed',
    price: '$35/night',
    image: deluxeDouble,
    imageAlt: 'Deluxe double room with a wide bed, warm wooden furniture and a Tibetan rug',
    description:
      'A calm, comfortable room with one generous double bed, soft cotton linen, a writing desk and a private bathroom with hot water. Ideal for couples or a solo traveller who likes space.',
  },
  {
    name: 'Deluxe Twin Bed',
    price: '$35/night',
    image: deluxeTwin,
    imageAlt: 'Deluxe twin room with two single beds side by side under a window',
    description:
      'Two single beds, a reading lamp for each and plenty of storage for backpacks and trekking gear. A good fit for friends travelling together or a parent and child.',
  },
  {
    name: 'Room with Balcony',
    price: '$40/night',
    image: balcony,
    imageAlt: 'Bright room with a double bed and glass doors open onto a private balcony with a mountain view',
    description:
      'Step out onto your own balcony with a cup of tea and listen to the prayer wheels turning below. A kitchenette lets you keep fruit and make an easy breakfast.',
  },
  {
    name: 'Suites',
    price: '$38/night',
    image: suite,
    imageAlt: 'Suite with a double bed and a sitting area with a sofa and a low tea table',
    description:
      'A separate sitting area with cushions and a low table makes the suite a quiet place to read, meditate or work, with a kitchenette for tea and simple meals.',
  },
  {
    name: 'Stupa View Room',
    price: '$42/night',
    image: stupaView,
    imageAlt: 'Guest room with a sofa under a wide window that frames the white dome of Boudhanath Stupa',
    description:
      'Open the curtains to the white dome and the watchful eyes of Boudhanath. Watch the butter lamps glow at dusk from your window, and make tea in your own kitchenette.',
  },
  {
    name: 'Apartment',
    price: '$55/night',
    image: apartment,
    imageAlt: 'Apartment with a fully equipped kitchen, a dining table and an armchair by the window',
    description:
      'A bedroom, a living area and a fully equipped private kitchen: room to settle in for a week or more, cook with vegetables from the Boudha market and feel at home.',
  },
  {
    name: 'Apartment with Balcony & Stupa View',
    price: '$70/night',
    image: apartmentBalcony,
    imageAlt: 'Apartment with a kitchen and a sofa, its balcony doors open to a view of Boudhanath Stupa',
    description:
      'Our finest home in Boudha: a full apartment with its own kitchen and a balcony facing the stupa, where morning chanting and evening lamps are part of the view.',
  },
  {
    name: 'Ashram Stay',
    price: '$200/month (monthly stays only)',
    image: ashram,
    imageAlt: 'Simple, peaceful room with a low bed, a meditation cushion and a small Buddha altar',
    description:
      'A simple, quiet room for practitioners studying at the monasteries around Boudha. Booked by the month, with a kitchenette and the stupa a ten-second walk away.',
  },
];

export { ROOM_AMENITIES, type Amenity } from './amenities';
