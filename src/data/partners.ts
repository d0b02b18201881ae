/** Neighbourhood partners who give our guests a discount (shown on / and /accommodation/). */
export interface Partner {
  name: string;
  /** The discount as guests read it, e.g. '10% off'. */
  discount: string;
  description: string;
}

export const PARTNERS: readonly Partner[] = [
  {
    name: 'Rinchen Thangka School',
    discount: '15% off',
    description: 'Half-day and week-long workshops in traditional thangka drawing and mineral-pigment painting.',
  },
  {
    name: 'Boudha Yoga Shala',
    discount: '10% off',
    description: 'Morning hatha and evening yin classes in a rooftop studio overlooking the stupa.',
  },
  {
    name: 'Snow Lion Tibetan Kitchen',
    discount: '10% off',
    description: 'Thukpa, tingmo and butter tea made the way the owner’s grandmother cooked them in Kham.',
  },
  {
    name: 'Himalayan Footsteps Trekking',
    discount: '10% off',
    description: 'Licensed guides and porters for Langtang, Everest and Annapurna treks, with permits arranged.',
  },
  {
    name: 'Lotus Healing Spa',
    discount: '15% off',
    description: 'Himalayan herbal massage, hot stone therapy and singing-bowl sound baths after a long trek.',
  },
  {
    name: 'Dharma Books & Maps',
    discount: '10% off',
    description: 'New and second-hand books on Buddhism, Himalayan history and trekking, plus detailed maps.',
  },
  {
    name: 'Khora Bakery',
    discount: '10% off',
    description: 'Sourdough, cinnamon rolls and yak-cheese croissants, baked fresh every morning on the kora.',
  },
  {
    name: 'Tashi Singing Bowl House',
    discount: '12% off',
    description: 'Hand-hammered singing bowls with a free lesson on how to play them before you buy.',
  },
  {
    name: 'Momo Mama Cooking Class',
    discount: '10% off',
    description: 'Learn to fold, steam and fry momos, and make the tomato-sesame achar that goes with them.',
  },
  {
    name: 'Valley Pedals Bike Rental',
    discount: '20% off',
    description: 'Well-kept mountain bikes and helmets for rides to Kopan Monastery and the hills beyond.',
  },
];
