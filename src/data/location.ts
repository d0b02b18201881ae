import { SITE } from '../config';

/** What /location/ and its print page show: nearby attractions, ways to arrive and step-by-step directions. */

export interface NearbyAttraction {
  name: string;
  distance: string;
  time: string;
  description: string;
}

export type TransportIcon = 'car' | 'taxi' | 'bus' | 'walk';

export interface TransportOption {
  type: string;
  description: string;
  icon: TransportIcon;
}

export interface Directions {
  id: string;
  title: string;
  summary: string;
  steps: readonly string[];
}

/** Distances and times as the spec gives them; times are by car unless the entry says otherwise. */
export const NEARBY_ATTRACTIONS: readonly NearbyAttraction[] = [
  {
    name: 'Boudhanath Stupa',
    distance: '50 meters',
    time: '1 minute',
    description:
      'The largest stupa in Nepal and the heart of Tibetan Buddhist life in the valley. Join the clockwise kora at dawn or dusk, when butter lamps flicker and the whole square hums with mantras.',
  },
  {
    name: 'Pashupatinath Temple',
    distance: '3.2 km',
    time: '8 min',
    description:
      "Nepal's holiest Hindu temple on the banks of the Bagmati River, with sadhus, shrines and the evening aarti ceremony. Only Hindus may enter the main temple; everyone may walk the riverside ghats.",
  },
  {
    name: 'Tribhuvan International Airport',
    distance: '8.5 km',
    time: '20 min',
    description:
      'The gateway to Kathmandu. Pick-up and drop-off are included in your stay: tell us your flight and we will be waiting.',
  },
  {
    name: 'Kathmandu Durbar Square',
    distance: '12 km',
    time: '25 min',
    description:
      'The old royal palace square, a UNESCO World Heritage Site, with pagoda temples, carved windows and the house of the Kumari, the living goddess.',
  },
  {
    name: 'Thamel',
    distance: '14 km',
    time: '25 min',
    description:
      "Kathmandu's lively tourist district, good for trekking gear, bookshops and an evening out before you return to the calm of Boudha.",
  },
  {
    name: 'Swayambhunath',
    distance: '15 km',
    time: '30 min',
    description:
      'The hilltop "Monkey Temple" on the west side of the city. Climb the 365 steps for the best panorama of the Kathmandu Valley.',
  },
];

export const TRANSPORT_OPTIONS: readonly TransportOption[] = [
  {
    type: 'Airport pick-up',
    description:
      'Included in your stay. Send us your flight number and arrival time and our driver will meet you outside arrivals with a sign in your name.',
    icon: 'car',
  },
  {
    type: 'Taxi',
    description:
      'A taxi from Thamel costs about NPR 400-600. Agree the fare before you set off, and ask for "Boudha Stupa, main gate".',
    icon: 'taxi',
  },
  {
    type: 'Local bus and microbus',
    description:
      'The cheapest way across town: buses and microbuses from Ratna Park run to Boudha all day. Get off at the Boudha stop on the main road.',
    icon: 'bus',
  },
  {
    type: 'On foot',
    description:
      'Once you are here, you need no transport at all. The stupa, cafes, monasteries and shops of Boudha are all within a short walk.',
    icon: 'walk',
  },
];

export const DIRECTIONS: readonly Directions[] = [
  {
    id: 'from-airport',
    title: 'From Tribhuvan International Airport',
    summary: '8.5 km, about 20 minutes by car',
    steps: [
      'Collect your luggage and walk out of the arrivals hall. If you have sent us your flight details, our driver will be waiting with a sign in your name.',
      'Travelling on your own? Take a taxi from the prepaid counter inside the terminal and ask for Boudha Stupa.',
      'The road follows the Ring Road north past Gaushala and Chabahil, then turns east onto Boudha Road.',
      'Get out at the main gate of Boudhanath Stupa, on the south side of the square.',
      'Walk through the gate and turn left along the stupa; the hotel is 50 meters away, about a minute on foot. Our front desk is open 24/7.',
    ],
  },
  {
    id: 'from-thamel',
    title: 'From Thamel',
    summary: '14 km, about 25 minutes by taxi',
    steps: [
      'Find a taxi on the main road at the edge of Thamel and agree the fare first: about NPR 400-600.',
      'Ask for "Boudha Stupa, main gate". The driver will head east through Lazimpat and along the Ring Road to Chabahil.',
      'At Chabahil the taxi turns onto Boudha Road and reaches the stupa gate in a few minutes.',
      'Walk through the gate and turn left along the stupa; the hotel is 50 meters away. Call us if you cannot find us, and we will come out to meet you.',
    ],
  },
];

/** The hotel's map coordinates as the spec writes them: 27.7211 N, 85.3611 E. */
export const COORDINATES_LABEL = `${SITE.geo.latitude.toFixed(4)} N, ${SITE.geo.longitude.toFixed(4)} E`;
