/** The small line icons of cards and features (24×24 stroke paths); decorative: the text beside one carries the meaning. */
export const ICON_PATHS = {
  clock: 'M21 12a9 9 0 1 1-18 0a9 9 0 0 1 18 0zM12 7v5l3 2',
  wifi: 'M2 9a15 15 0 0 1 20 0M5 12.5a10 10 0 0 1 14 0M8.5 16a5 5 0 0 1 7 0M12 19.5h.01',
  kitchen: 'M4 10h16v6a4 4 0 0 1-4 4H8a4 4 0 0 1-4-4zM2 10h2M20 10h2M9 6V4M12 6V3M15 6V4',
  shower: 'M5 21V7a4 4 0 0 1 8 0M10 7h6M11 12v1M15 12v1M13 15v1M17 15v1M15 18v1M19 18v1',
  laundry: 'M8 3L3 6l2 4 3-1v12h8V9l3 1 2-4-5-3a4 4 0 0 1-8 0z',
  water: 'M12 3s6 6.5 6 11a6 6 0 0 1-12 0c0-4.5 6-11 6-11z',
  car: 'M5 16v-5l2-5h10l2 5v5M3 16h18v3H3zM7 19v2M17 19v2M5 11h14',
  music: 'M9 18V5l12-2v13M9 18a3 3 0 1 1-6 0a3 3 0 0 1 6 0zM21 16a3 3 0 1 1-6 0a3 3 0 0 1 6 0z',
  talk: 'M4 5h16v11H9l-5 4zM8 9h8M8 12h5',
  stupa: 'M12 2v4M9 6h6l-1 3h-4zM5 15a7 6 0 0 1 14 0zM3 15h18v3H3zM2 21h20',
  balcony: 'M4 3h16v11H4zM12 3v11M3 14h18M5 14v7M9 14v7M15 14v7M19 14v7M3 18h18',
  cup: 'M4 8h13v6a5 5 0 0 1-5 5H9a5 5 0 0 1-5-5zM17 10h2a2 2 0 0 1 0 4h-2M8 2v3M12 2v3',
  heart: 'M12 20s-8-4.5-8-10a4.5 4.5 0 0 1 8-2.8A4.5 4.5 0 0 1 20 10c0 5.5-8 10-8 10z',
  calendar: 'M4 5h16v16H4zM4 10h16M8 3v4M16 3v4',
  pin: 'M12 21s-7-6.5-7-12a7 7 0 0 1 14 0c0 5.5-7 12-7 12zM12 11.5a2.5 2.5 0 1 0 0-5a2.5 2.5 0 0 0 0 5z',
  phone: 'M5 3h4l2 5-2.5 1.5a11 11 0 0 0 6 6L16 13l5 2v4a2 2 0 0 1-2 2A17 17 0 0 1 3 5a2 2 0 0 1 2-2z',
  mail: 'M3 5h18v14H3zM3 6l9 7 9-7',
  globe: 'M21 12a9 9 0 1 1-18 0a9 9 0 0 1 18 0zM3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18',
  tag: 'M3 3h8l10 10-8 8L3 11zM7.5 7.5h.01',
  lotus: 'M12 20c-4 0-8-3-9-7 3 0 6 1.5 9 5 3-3.5 6-5 9-5-1 4-5 7-9 7zM12 18c-2-3-2-7 0-12 2 5 2 9 0 12z',
  laptop: 'M4 5h16v10H4zM2 19h20',
  temple: 'M3 21h18M5 21V10M19 21V10M9 21V10M15 21V10M2 10l10-6 10 6z',
  sun: 'M12 8a4 4 0 1 1 0 8a4 4 0 0 1 0-8zM12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4',
  leaf: 'M5 19c0-9 6-14 15-14 0 9-5 15-14 15zM5 19l7-7',
  brush: 'M14 4l6 6-8 8-6-6zM6 12l-3 9 9-3',
  plane: 'M2 13l20-8-8 18-3-7z',
} as const;

export type IconName = keyof typeof ICON_PATHS;
export const ICON_NAMES = Object.keys(ICON_PATHS) as [IconName, ...IconName[]];
