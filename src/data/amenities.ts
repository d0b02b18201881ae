/** The amenities of every stay: the accommodation page's section and its JSON-LD (no images, so the admin may import it). */
export interface Amenity {
  /** Name of the icon in FeatureIcon. */
  icon: 'wifi' | 'kitchen' | 'shower' | 'laundry' | 'water' | 'car';
  title: string;
  text: string;
}

/** The six-item amenities section of /accommodation/. */
export const ROOM_AMENITIES: readonly Amenity[] = [
  {
    icon: 'wifi',
    title: 'Free Wi-Fi',
    text: 'Reliable wireless internet throughout the hotel, fast enough for video calls and remote work.',
  },
  {
    icon: 'kitchen',
    title: 'Private Kitchens',
    text: 'Most rooms have their own kitchen or kitchenette with a stove, a kettle and basic cookware.',
  },
  {
    icon: 'shower',
    title: 'Private Bathrooms',
    text: 'Your own bathroom with hot showers, fresh towels and gentle, eco-friendly toiletries.',
  },
  {
    icon: 'laundry',
    title: 'Complimentary Laundry',
    text: 'Leave your clothes at the front desk and get them back washed and folded, at no charge.',
  },
  {
    icon: 'water',
    title: 'Unlimited Drinking Water',
    text: 'Refill your bottle with filtered drinking water whenever you like: no plastic bottles needed.',
  },
  {
    icon: 'car',
    title: 'Airport Pick-up & Drop-off',
    text: 'We meet you at Tribhuvan International Airport and take you back when it is time to leave.',
  },
];
