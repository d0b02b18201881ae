// @ts-check
/**
 * Regenerates the committed illustrated artwork: the JPEGs in src/assets/images/ and the favicons in public/.
 *
 * This script is NOT part of the build. Run it by hand after changing a drawing, look at the results, and commit
 * the images it writes:
 *
 *   node scripts/artwork/generate.mjs              # every image
 *   node scripts/artwork/generate.mjs hero rooms/  # only images whose name contains one of the arguments
 *
 * Every image is a hand-built SVG (flat illustration: gradients, shapes, an SVG noise filter for texture) rendered
 * with sharp (librsvg). Output is deterministic: all variation comes from a pseudo-random generator seeded with the
 * image's name; nothing reads the clock or Math.random.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const IMAGES = path.join(ROOT, 'src/assets/images');
const PUBLIC = path.join(ROOT, 'public');

/* ------------------------------------------------------------------------------------------------------------ */
/* Palette                                                                                                       */
/* ------------------------------------------------------------------------------------------------------------ */

const C = {
  maroon: '#6b1d1d',
  maroonDeep: '#4a1212',
  saffron: '#b45309',
  gold: '#d4a017',
  goldLight: '#f2cf6b',
  goldDark: '#9a6f0c',
  cream: '#fbf7f0',
  sky: '#8ec5e8',
  skyDeep: '#3f7fb5',
  skyPale: '#d4eaf7',
  ink: '#2b1a14',
  wood: '#7a4a2a',
  woodDark: '#4d2c18',
  woodLight: '#a8703f',
  brick: '#9a4a32',
  terracotta: '#b8643e',
  plaster: '#f1e4cf',
  sand: '#e6cfa6',
  leaf: '#4f7d3a',
  leafDark: '#2f5a2a',
  marigold: '#f59e0b',
  marigoldDeep: '#e06c00',
  white: '#ffffff',
  snow: '#f7f4ef',
  stone: '#b9ab98',
  skin: '#9a6440',
  hair: '#1f1410',
};

/** The five colours of a prayer-flag string, in their traditional order. */
const FLAGS = ['#1d5fb8', '#f7f5ee', '#c62828', '#2e7d32', '#f2c200'];

/* ------------------------------------------------------------------------------------------------------------ */
/* Deterministic randomness and small helpers                                                                    */
/* ------------------------------------------------------------------------------------------------------------ */

/**
 * @typedef {object} Rng
 * @property {() => number} next a float in [0, 1)
 * @property {(a: number, b: number) => number} range a float in [a, b)
 * @property {(a: number, b: number) => number} int an integer in [a, b]
 * @property {<T>(items: readonly T[]) => T} pick one of the items
 * @property {(p: number) => boolean} chance true with probability p
 */

/**
 * A seeded pseudo-random generator (mulberry32), so that every run draws the same pictures.
 * @param {number | string} seed a number, or a string that is hashed (FNV-1a)
 * @returns {Rng}
 */
export function makeRng(seed) {
  let s = typeof seed === 'number' ? seed >>> 0 : hashString(seed);
  const next = () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (a, b) => a + (b - a) * next(),
    int: (a, b) => a + Math.floor((b - a + 1) * next()),
    pick: (items) => items[Math.floor(items.length * next())],
    chance: (p) => next() < p,
  };
}

/** @param {string} str */
function hashString(str) {
  let h = 0x811c9dc5;
  for (let i = 0; i < str.length; i++) {
    h ^= str.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Rounds for compact SVG. @param {number} v */
const n = (v) => Math.round(v * 10) / 10;

/** @typedef {[number, number]} Pt */

/** @param {Pt[]} p */
const pts = (p) => p.map(([x, y]) => `${n(x)},${n(y)}`).join(' ');

/** @param {string} hex @returns {[number, number, number]} */
function rgb(hex) {
  const v = parseInt(hex.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

/**
 * Linear mix of two #rrggbb colours.
 * @param {string} a
 * @param {string} b
 * @param {number} t 0 gives a, 1 gives b
 */
function mix(a, b, t) {
  const x = rgb(a);
  const y = rgb(b);
  const c = x.map((v, i) => Math.round(v + (y[i] - v) * t));
  return '#' + c.map((v) => v.toString(16).padStart(2, '0')).join('');
}
/** @param {string} c @param {number} t */
const lighten = (c, t) => mix(c, '#ffffff', t);
/** @param {string} c @param {number} t */
const darken = (c, t) => mix(c, '#000000', t);

/* Primitive shapes. `x` is extra attributes, written verbatim. */
/** @param {number} x @param {number} y @param {number} w @param {number} h @param {string} fill @param {string} [a] */
const rect = (x, y, w, h, fill, a = '') =>
  `<rect x="${n(x)}" y="${n(y)}" width="${n(Math.max(0, w))}" height="${n(Math.max(0, h))}" fill="${fill}" ${a}/>`;
/** @param {Pt[]} p @param {string} fill @param {string} [a] */
const poly = (p, fill, a = '') => `<polygon points="${pts(p)}" fill="${fill}" ${a}/>`;
/** @param {string} d @param {string} fill @param {string} [a] */
const pth = (d, fill, a = '') => `<path d="${d}" fill="${fill}" ${a}/>`;
/** @param {number} cx @param {number} cy @param {number} r @param {string} fill @param {string} [a] */
const circ = (cx, cy, r, fill, a = '') =>
  `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(Math.max(0, r))}" fill="${fill}" ${a}/>`;
/** @param {number} cx @param {number} cy @param {number} rx @param {number} ry @param {string} fill @param {string} [a] */
const ell = (cx, cy, rx, ry, fill, a = '') =>
  `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(Math.max(0, rx))}" ry="${n(Math.max(0, ry))}" fill="${fill}" ${a}/>`;
/** @param {number} x1 @param {number} y1 @param {number} x2 @param {number} y2 @param {string} stroke @param {number} w @param {string} [a] */
const line = (x1, y1, x2, y2, stroke, w, a = '') =>
  `<line x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}" stroke="${stroke}" stroke-width="${n(w)}" ${a}/>`;
/** @param {string} d @param {string} strokeColor @param {number} w @param {string} [a] */
const stroke = (d, strokeColor, w, a = '') =>
  `<path d="${d}" fill="none" stroke="${strokeColor}" stroke-width="${n(w)}" stroke-linecap="round" stroke-linejoin="round" ${a}/>`;
/** @param {string} body @param {string} [a] */
const g = (body, a = '') => `<g ${a}>${body}</g>`;
/** A rounded rectangle. @param {number} x @param {number} y @param {number} w @param {number} h @param {number} r @param {string} fill @param {string} [a] */
const rrect = (x, y, w, h, r, fill, a = '') => rect(x, y, w, h, fill, `rx="${n(r)}" ${a}`);

/**
 * A closed path through the points with rounded corners (quadratic curves through each corner).
 * @param {Pt[]} p
 * @param {number} [k] 0..0.5, how much of each edge is rounded
 */
function softPath(p, k = 0.3) {
  const m = p.length;
  /** @type {string[]} */
  const d = [];
  for (let i = 0; i < m; i++) {
    const a = p[(i - 1 + m) % m];
    const b = p[i];
    const c = p[(i + 1) % m];
    const s = [b[0] + (a[0] - b[0]) * k, b[1] + (a[1] - b[1]) * k];
    const e = [b[0] + (c[0] - b[0]) * k, b[1] + (c[1] - b[1]) * k];
    d.push(`${i === 0 ? 'M' : 'L'}${n(s[0])},${n(s[1])} Q${n(b[0])},${n(b[1])} ${n(e[0])},${n(e[1])}`);
  }
  return d.join(' ') + 'Z';
}

/* ------------------------------------------------------------------------------------------------------------ */
/* Scene: one SVG document with its own defs and id counter                                                      */
/* ------------------------------------------------------------------------------------------------------------ */

/** @typedef {[number, string] | [number, string, number]} Stop */

class Scene {
  /**
   * @param {number} w
   * @param {number} h
   * @param {string} name seeds the random generator
   */
  constructor(w, h, name) {
    this.w = w;
    this.h = h;
    this.name = name;
    this.r = makeRng(name);
    /** @type {string[]} */
    this.defs = [];
    /** @type {string[]} */
    this.parts = [];
    this.count = 0;
    /** Strength of the paper-grain texture laid over the finished picture (0 to skip). */
    this.grain = 1;
    /** Base frequency (per 1000 px) of that grain: higher is finer. */
    this.grainSize = 650;
    /** Strength of the large, soft paint mottling. */
    this.mottle = 1;
    /** Strength of the darkened corners. */
    this.vignette = 0.28;
  }

  /** @param {string} prefix */
  uid(prefix) {
    this.count += 1;
    return `${prefix}${this.count}`;
  }

  /** @param {...string} s */
  add(...s) {
    this.parts.push(...s);
  }

  /**
   * A linear gradient; returns `url(#id)`. Coordinates are fractions of the shape's box unless `user` is set.
   * @param {Stop[]} stops
   * @param {number} [x1] @param {number} [y1] @param {number} [x2] @param {number} [y2]
   * @param {boolean} [user]
   */
  lin(stops, x1 = 0, y1 = 0, x2 = 0, y2 = 1, user = false) {
    const id = this.uid('l');
    const st = stops.map(
      ([o, c, op]) => `<stop offset="${o}" stop-color="${c}"${op === undefined ? '' : ` stop-opacity="${op}"`}/>`,
    );
    this.defs.push(
      `<linearGradient id="${id}" x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}"${user ? ' gradientUnits="userSpaceOnUse"' : ''}>${st.join('')}</linearGradient>`,
    );
    return `url(#${id})`;
  }

  /**
   * A radial gradient in user space; returns `url(#id)`.
   * @param {Stop[]} stops
   * @param {number} cx @param {number} cy @param {number} r
   * @param {number} [sy] vertical squash (1 = circle)
   */
  rad(stops, cx, cy, r, sy = 1) {
    const id = this.uid('r');
    const st = stops.map(
      ([o, c, op]) => `<stop offset="${o}" stop-color="${c}"${op === undefined ? '' : ` stop-opacity="${op}"`}/>`,
    );
    const tf = sy === 1 ? '' : ` gradientTransform="translate(0 ${n(cy)}) scale(1 ${sy}) translate(0 ${n(-cy)})"`;
    this.defs.push(
      `<radialGradient id="${id}" cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" gradientUnits="userSpaceOnUse"${tf}>${st.join('')}</radialGradient>`,
    );
    return `url(#${id})`;
  }

  /**
   * Registers a clip path made of the given shapes; returns the attribute `clip-path="url(#id)"`.
   * @param {string} shapes
   */
  clip(shapes) {
    const id = this.uid('c');
    this.defs.push(`<clipPath id="${id}">${shapes}</clipPath>`);
    return `clip-path="url(#${id})"`;
  }

  /**
   * A Gaussian blur filter; returns the attribute `filter="url(#id)"`.
   * @param {number} sd standard deviation in px
   */
  blur(sd) {
    const id = this.uid('b');
    this.defs.push(
      `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${n(sd)}"/></filter>`,
    );
    return `filter="url(#${id})"`;
  }

  /**
   * A repeating tile; returns `url(#id)`.
   * @param {number} w @param {number} h @param {string} content shapes in the tile's own coordinates
   * @param {string} [transform]
   */
  pattern(w, h, content, transform = '') {
    const id = this.uid('p');
    this.defs.push(
      `<pattern id="${id}" width="${n(w)}" height="${n(h)}" patternUnits="userSpaceOnUse"${transform ? ` patternTransform="${transform}"` : ''}>${content}</pattern>`,
    );
    return `url(#${id})`;
  }

  /**
   * A fine texture filter (paper / plaster) to apply to a group; returns the attribute `filter="url(#id)"`.
   * @param {number} freq base frequency of the noise
   * @param {number} amount 0..1 strength
   */
  texture(freq, amount) {
    const id = this.uid('t');
    const seed = this.r.int(1, 999);
    this.defs.push(
      `<filter id="${id}" x="0" y="0" width="100%" height="100%" color-interpolation-filters="sRGB">` +
        `<feTurbulence type="fractalNoise" baseFrequency="${freq}" numOctaves="2" seed="${seed}" result="n"/>` +
        `<feColorMatrix in="n" type="matrix" values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0 0 0 ${n(amount * 6)} ${n(-amount * 3)}" result="a"/>` +
        `<feComposite in="a" in2="SourceGraphic" operator="in" result="d"/>` +
        `<feMerge><feMergeNode in="SourceGraphic"/><feMergeNode in="d"/></feMerge></filter>`,
    );
    return `filter="url(#${id})"`;
  }

  toString() {
    const { w, h } = this;
    /** @type {string[]} */
    const over = [];
    if (this.vignette > 0) {
      const v = this.rad(
        [
          [0.55, '#000000', 0],
          [1, '#1a0a04', this.vignette],
        ],
        w / 2,
        h / 2,
        Math.hypot(w, h) / 2,
      );
      over.push(rect(0, 0, w, h, v));
    }
    const seed = hashString(this.name) % 997;
    if (this.mottle > 0) {
      // Large soft unevenness, like a wash of paint.
      this.defs.push(
        `<filter id="mottle" x="0" y="0" width="${w}" height="${h}" filterUnits="userSpaceOnUse" color-interpolation-filters="sRGB">` +
          `<feTurbulence type="fractalNoise" baseFrequency="${n((3 / w) * 1000) / 1000}" numOctaves="3" seed="${seed}"/>` +
          `<feColorMatrix type="matrix" values="0 0 0 0 0.2  0 0 0 0 0.1  0 0 0 0 0.02  0 0 0 1.6 -0.75"/></filter>`,
      );
      over.push(rect(0, 0, w, h, '#000', `filter="url(#mottle)" opacity="${n(0.35 * this.mottle * 100) / 100}"`));
    }
    if (this.grain > 0) {
      // Paper tooth: small blotches of light and dark, a few pixels across.
      const f = n((this.grainSize / 1000) * 1000) / 1000;
      this.defs.push(
        `<filter id="grain" x="0" y="0" width="${w}" height="${h}" filterUnits="userSpaceOnUse" color-interpolation-filters="sRGB">` +
          `<feTurbulence type="fractalNoise" baseFrequency="${f}" numOctaves="2" seed="${seed + 3}" result="t"/>` +
          `<feColorMatrix in="t" type="matrix" values="0 0 0 0 0.12  0 0 0 0 0.07  0 0 0 0 0.03  0 0 0 2.4 -1.2" result="d"/>` +
          `<feColorMatrix in="t" type="matrix" values="0 0 0 0 1  0 0 0 0 0.97  0 0 0 0 0.9  0 0 0 -2.4 1.2" result="l"/>` +
          `<feMerge><feMergeNode in="d"/><feMergeNode in="l"/></feMerge></filter>`,
      );
      over.push(
        rect(0, 0, w, h, '#000', `filter="url(#grain)" opacity="${Math.round(0.16 * this.grain * 100) / 100}"`),
      );
    }
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
      `<defs>${this.defs.join('')}</defs>${this.parts.join('')}${over.join('')}</svg>`
    );
  }
}

/* ------------------------------------------------------------------------------------------------------------ */
/* Landscape pieces: sky, sun, clouds, mountains, birds                                                          */
/* ------------------------------------------------------------------------------------------------------------ */

/** @typedef {'day' | 'gold' | 'dawn' | 'dusk' | 'night'} Mood */

/** @type {Record<Mood, Stop[]>} */
const SKIES = {
  day: [
    [0, '#3f7fb5'],
    [0.55, '#8ec5e8'],
    [1, '#d9eef8'],
  ],
  gold: [
    [0, '#4f78a8'],
    [0.35, '#b9a9a0'],
    [0.62, '#f2c27a'],
    [1, '#f6a24e'],
  ],
  dawn: [
    [0, '#35507e'],
    [0.4, '#a68fae'],
    [0.7, '#efb3a0'],
    [1, '#f9d7a4'],
  ],
  dusk: [
    [0, '#27365e'],
    [0.45, '#6d4d7a'],
    [0.8, '#d9785a'],
    [1, '#f0a45b'],
  ],
  night: [
    [0, '#0f1a33'],
    [0.6, '#213a63'],
    [1, '#3f4f77'],
  ],
};

/** Tint applied to sunlit white surfaces, per mood. @type {Record<Mood, {lit: string, shade: string, haze: string}>} */
const LIGHT = {
  day: { lit: '#ffffff', shade: '#c9d3dc', haze: '#cfe6f5' },
  gold: { lit: '#fff1d6', shade: '#d7a884', haze: '#f6c68a' },
  dawn: { lit: '#fdeee6', shade: '#b9a6bb', haze: '#ecc1b2' },
  dusk: { lit: '#f7d8c0', shade: '#9c7c8f', haze: '#d99a7c' },
  night: { lit: '#c8d2e6', shade: '#56627f', haze: '#2e4068' },
};

/**
 * Fills the scene with a sky gradient, optional sun glow and soft clouds.
 * @param {Scene} s
 * @param {Mood} mood
 * @param {{ y?: number, h?: number, sun?: Pt | null, clouds?: number }} [o]
 */
function sky(s, mood, o = {}) {
  const y = o.y ?? 0;
  const h = o.h ?? s.h;
  const out = [rect(0, y, s.w, h, s.lin(SKIES[mood]))];
  if (o.sun) {
    const [sx, sy] = o.sun;
    const glow = mood === 'day' ? '#fffbe8' : '#fff0c2';
    out.push(
      rect(
        0,
        y,
        s.w,
        h,
        s.rad(
          [
            [0, glow, 0.9],
            [0.25, glow, 0.35],
            [1, glow, 0],
          ],
          sx,
          sy,
          s.w * 0.6,
        ),
      ),
      circ(sx, sy, s.w * 0.028, mood === 'day' ? '#fffdf2' : '#fff3cf'),
    );
  }
  const nc = o.clouds ?? 4;
  const r = s.r;
  for (let i = 0; i < nc; i++) {
    const cx = r.range(0.05, 0.95) * s.w;
    const cy = y + r.range(0.08, 0.45) * h;
    out.push(cloud(s, cx, cy, r.range(0.08, 0.16) * s.w, mood));
  }
  return out.join('');
}

/**
 * A flat stylised cloud: a few overlapping ellipses on a flat base.
 * @param {Scene} s @param {number} cx @param {number} cy @param {number} w @param {Mood} mood
 */
function cloud(s, cx, cy, w, mood) {
  const r = s.r;
  const col = { day: '#ffffff', gold: '#ffe6c0', dawn: '#ffe3dc', dusk: '#f3b9a0', night: '#3b4d75' }[mood];
  const shade = { day: '#e3eef6', gold: '#f0b98a', dawn: '#e6b9c0', dusk: '#c98c86', night: '#2c3b60' }[mood];
  let out = '';
  const k = r.int(3, 5);
  for (let i = 0; i < k; i++) {
    const x = cx - w / 2 + (w * (i + 0.5)) / k + r.range(-w * 0.05, w * 0.05);
    const rr = w * r.range(0.12, 0.22) * (1 - Math.abs(i - (k - 1) / 2) / k);
    out += circ(x, cy - rr * 0.4, rr, col);
  }
  out += rrect(cx - w / 2, cy - w * 0.06, w, w * 0.1, w * 0.05, col);
  out += rrect(cx - w * 0.42, cy + w * 0.02, w * 0.84, w * 0.02, w * 0.01, shade, 'opacity="0.8"');
  return g(out, `opacity="${mood === 'night' ? 0.6 : 0.75}"`);
}

/**
 * A mountain ridge by midpoint displacement, with snow caps and faceted shading.
 * @param {Scene} s
 * @param {{ y: number, amp: number, color: string, snow?: number, shade?: string, x0?: number, x1?: number,
 *   rough?: number, snowColor?: string, bottom?: number, seed?: string }} o
 *   `y` is the mean ridge height, `amp` the relief, `snow` the fraction of relief that is white.
 */
function mountains(s, o) {
  const r = o.seed ? makeRng(o.seed) : s.r;
  const x0 = o.x0 ?? -20;
  const x1 = o.x1 ?? s.w + 20;
  const bottom = o.bottom ?? s.h;
  const levels = 8;
  const m = 2 ** levels;
  /** @type {number[]} */
  const ys = new Array(m + 1).fill(0);
  ys[0] = o.y + r.range(-0.3, 0.3) * o.amp;
  ys[m] = o.y + r.range(-0.3, 0.3) * o.amp;
  let disp = o.amp;
  const rough = o.rough ?? 0.55;
  for (let step = m; step > 1; step /= 2) {
    for (let i = step / 2; i < m; i += step) {
      ys[i] = (ys[i - step / 2] + ys[i + step / 2]) / 2 + r.range(-1, 1) * disp;
    }
    disp *= rough;
  }
  /** @type {Pt[]} */
  const ridge = ys.map((y, i) => [x0 + ((x1 - x0) * i) / m, y]);
  const out = [poly([...ridge, [x1, bottom], [x0, bottom]], o.color)];
  const top = Math.min(...ys);
  const relief = o.y + o.amp - top;
  if (o.snow) {
    // Snow above an uneven snow line: a smooth wander plus a little jitter, never below the ridge itself.
    const snowLine = top + relief * o.snow;
    const knots = Array.from({ length: 25 }, () => r.range(-1, 1));
    /** @param {number} i */
    const wander = (i) => {
      const t = (i / m) * 24;
      const a = Math.floor(t);
      const f = t - a;
      return knots[a] * (1 - f) + knots[Math.min(24, a + 1)] * f;
    };
    /** @type {Pt[]} */
    const lower = [];
    for (let i = m; i >= 0; i--) {
      const edge = snowLine + wander(i) * relief * 0.18 + (i % 2 ? r.range(0, relief * 0.05) : 0);
      lower.push([ridge[i][0], Math.max(ys[i], edge)]);
    }
    out.push(poly([...ridge, ...lower], o.snowColor ?? C.snow));
  }
  // Shaded flanks: from each local peak, the slope falling to the right is in shadow (rock and snow alike).
  const shade = o.shade ?? darken(o.color, 0.25);
  for (let i = 2; i < m - 2; i++) {
    if (ys[i] < ys[i - 1] && ys[i] < ys[i + 1] && ys[i] < ys[i - 2] && ys[i] < ys[i + 2]) {
      let j = i + 1;
      while (j < m && ys[j + 1] >= ys[j]) j++;
      const seg = ridge.slice(i, j + 1);
      const drop = ys[j] - ys[i];
      /** @type {Pt} */
      const foot = [ridge[j][0] - (ridge[j][0] - ridge[i][0]) * 0.35, Math.min(bottom, ys[j] + drop * 1.4)];
      out.push(poly([...seg, foot], shade, 'opacity="0.3"'));
    }
  }
  return out.join('');
}

/**
 * A few distant birds (pigeons circling the stupa).
 * @param {Scene} s @param {number} x @param {number} y @param {number} w @param {number} h @param {number} count
 * @param {number} size @param {string} color
 */
function birds(s, x, y, w, h, count, size, color) {
  let out = '';
  for (let i = 0; i < count; i++) {
    const bx = x + s.r.next() * w;
    const by = y + s.r.next() * h;
    const k = size * s.r.range(0.6, 1.2);
    out += stroke(
      `M${n(bx - k)},${n(by - k * 0.3)} Q${n(bx - k * 0.5)},${n(by - k * 0.6)} ${n(bx)},${n(by)} Q${n(bx + k * 0.5)},${n(by - k * 0.6)} ${n(bx + k)},${n(by - k * 0.3)}`,
      color,
      Math.max(1.5, k * 0.18),
    );
  }
  return out;
}

/* ------------------------------------------------------------------------------------------------------------ */
/* Prayer flags                                                                                                   */
/* ------------------------------------------------------------------------------------------------------------ */

/**
 * A string of five-colour prayer flags hanging on a sagging cord from (x1,y1) to (x2,y2).
 * @param {Scene} s
 * @param {{ x1: number, y1: number, x2: number, y2: number, sag: number, size: number, gap?: number,
 *   wind?: number, cord?: string, opacity?: number, start?: number }} o
 *   `size` is the flag width in px; `gap` the spacing as a multiple of the width; `wind` skews the flags sideways.
 */
function flagString(s, o) {
  const { x1, y1, x2, y2, sag, size } = o;
  const cx = (x1 + x2) / 2;
  const cy = (y1 + y2) / 2 + sag * 2;
  /** @param {number} t @returns {Pt} */
  const at = (t) => [
    (1 - t) * (1 - t) * x1 + 2 * (1 - t) * t * cx + t * t * x2,
    (1 - t) * (1 - t) * y1 + 2 * (1 - t) * t * cy + t * t * y2,
  ];
  const len = Math.hypot(x2 - x1, y2 - y1) + Math.abs(sag) * 1.3;
  const count = Math.max(2, Math.floor(len / (size * (o.gap ?? 1.25))));
  const wind = o.wind ?? 0.15;
  const out = [
    stroke(
      `M${n(x1)},${n(y1)} Q${n(cx)},${n(cy)} ${n(x2)},${n(y2)}`,
      o.cord ?? 'rgba(60,40,30,0.7)',
      Math.max(1, size * 0.035),
    ),
  ];
  const r = s.r;
  const start = o.start ?? r.int(0, 4);
  for (let i = 0; i < count; i++) {
    const t = (i + 0.5) / count;
    const p = at(t);
    const q = at(Math.min(1, t + 0.01));
    let ang = Math.atan2(q[1] - p[1], q[0] - p[0]);
    if (Math.abs(ang) > Math.PI / 2) ang += Math.PI;
    const dx = Math.cos(ang) * size * 0.45;
    const dy = Math.sin(ang) * size * 0.45;
    const fh = size * 1.15;
    const sway = (wind + r.range(-0.08, 0.08)) * fh;
    const lift = r.range(-0.05, 0.05) * fh;
    const col = FLAGS[(start + i) % 5];
    /** @type {Pt[]} */
    const f = [
      [p[0] - dx, p[1] - dy],
      [p[0] + dx, p[1] + dy],
      [p[0] + dx + sway, p[1] + dy + fh + lift],
      [p[0] - dx + sway * 0.9, p[1] - dy + fh - lift],
    ];
    out.push(poly(f, col, `opacity="${o.opacity ?? 0.95}"`));
    // A printed windhorse and lines of prayer, suggested by a darker mark and a few strokes.
    if (size > 14) {
      const mx = p[0] + sway * 0.5;
      const my = p[1] + fh * 0.5;
      const ink = col === FLAGS[1] ? 'rgba(40,40,60,0.35)' : 'rgba(0,0,0,0.22)';
      out.push(circ(mx, my, size * 0.13, ink));
      for (let k = 0; k < 3; k++) {
        const yy = p[1] + fh * (0.2 + k * 0.3) - (k === 1 ? 0 : 0);
        if (k === 1) continue;
        out.push(line(mx - size * 0.28, yy, mx + size * 0.28, yy, ink, Math.max(1, size * 0.04)));
      }
      // Light catching the cloth.
      out.push(
        poly(
          [f[0], f[1], [f[1][0] + sway * 0.3, f[1][1] + fh * 0.3], [f[0][0] + sway * 0.3, f[0][1] + fh * 0.3]],
          '#ffffff',
          'opacity="0.12"',
        ),
      );
    }
  }
  return out.join('');
}

/* ------------------------------------------------------------------------------------------------------------ */
/* Boudhanath Stupa                                                                                               */
/* ------------------------------------------------------------------------------------------------------------ */

/**
 * The painted eyes of the Buddha on one face of the harmika, in a box of width w and height h.
 * @param {number} x left @param {number} y top @param {number} w @param {number} h
 */
function buddhaEyes(x, y, w, h) {
  /** @param {number} u @param {number} v @returns {string} */
  const P = (u, v) => `${n(x + u * w)},${n(y + v * h)}`;
  const out = [];
  const sw = w * 0.04;
  for (const side of [-1, 1]) {
    /** @param {number} u */
    const U = (u) => 0.5 + side * u;
    // Eyebrow: a long arch.
    out.push(stroke(`M${P(U(0.42), 0.36)} Q${P(U(0.28), 0.14)} ${P(U(0.05), 0.3)}`, '#1b1512', sw * 1.1));
    // Eye: an almond with the iris half hidden by a heavy upper lid (eyes cast down).
    const almond = `M${P(U(0.41), 0.56)} Q${P(U(0.25), 0.38)} ${P(U(0.07), 0.55)} Q${P(U(0.25), 0.64)} ${P(U(0.41), 0.56)}Z`;
    out.push(pth(almond, '#fdfbf5'));
    out.push(circ(x + U(0.24) * w, y + 0.57 * h, w * 0.075, '#1b2440'));
    out.push(circ(x + U(0.24) * w, y + 0.57 * h, w * 0.03, '#000000'));
    // Upper lid: thick dark line, red crease above it.
    out.push(
      pth(
        `M${P(U(0.42), 0.56)} Q${P(U(0.25), 0.36)} ${P(U(0.06), 0.55)} Q${P(U(0.25), 0.47)} ${P(U(0.42), 0.56)}Z`,
        '#1b1512',
      ),
    );
    out.push(stroke(`M${P(U(0.4), 0.49)} Q${P(U(0.25), 0.34)} ${P(U(0.09), 0.46)}`, '#b3261e', sw * 0.6));
    out.push(stroke(`M${P(U(0.41), 0.57)} Q${P(U(0.25), 0.65)} ${P(U(0.07), 0.56)}`, '#1b1512', sw * 0.5));
  }
  // The "nose": the Nepali numeral one, a curl with a long tail, in red.
  out.push(
    stroke(
      `M${P(0.45, 0.6)} C${P(0.44, 0.5)} ${P(0.57, 0.5)} ${P(0.56, 0.6)} C${P(0.55, 0.67)} ${P(0.5, 0.68)} ${P(0.5, 0.76)} L${P(0.5, 0.9)}`,
      '#b3261e',
      sw * 1.1,
    ),
  );
  // The third eye (urna).
  out.push(circ(x + 0.5 * w, y + 0.27 * h, w * 0.035, '#2d5fa8'));
  out.push(circ(x + 0.5 * w, y + 0.27 * h, w * 0.015, '#b3261e'));
  return out.join('');
}

/**
 * Boudhanath Stupa in elevation: terraced mandala base, white dome with saffron petals, the harmika with the eyes,
 * thirteen gilded steps, parasol and pinnacle, and prayer flags from the pinnacle down to the terraces.
 * @param {Scene} s
 * @param {{ cx: number, ground: number, R: number, mood?: Mood, flags?: boolean, base?: boolean, flagSize?: number }} o
 *   `ground` is the foot of the lowest terrace; `R` the dome radius in px (total height is about 3.5 R).
 * @returns {{ svg: string, top: number, domeTop: number, baseTop: number, pinnacle: Pt }}
 */
function stupa(s, o) {
  const { cx, ground, R } = o;
  const mood = o.mood ?? 'day';
  const L = LIGHT[mood];
  const white = L.lit;
  const out = [];
  const r = s.r;
  // Terraces (three, each narrower), white-washed with a brick-red coping.
  let y = ground;
  const tiers = o.base === false ? [] : [4.7, 4.0, 3.3];
  const th = R * 0.15;
  const wallFill = s.lin(
    [
      [0, lighten(white, 0.2)],
      [0.7, mix(white, L.shade, 0.35)],
      [1, mix(white, L.shade, 0.7)],
    ],
    0,
    0,
    1,
    0,
  );
  for (const [i, tw] of tiers.entries()) {
    const w = tw * R;
    const x = cx - w / 2;
    out.push(rect(x, y - th, w, th, wallFill));
    // Projecting corner bays (the mandala outline) seen edge-on.
    out.push(rect(x, y - th, w * 0.06, th, mix(white, L.shade, 0.55)));
    out.push(rect(x + w * 0.94, y - th, w * 0.06, th, mix(white, L.shade, 0.75)));
    out.push(rect(x - R * 0.02, y - th - R * 0.025, w + R * 0.04, R * 0.035, '#9c3b27'));
    // Niches with prayer wheels on the lowest terrace; small lamps/arches above.
    if (i === 0) {
      const k = 22;
      for (let j = 1; j < k; j++) {
        if (Math.abs(j - k / 2) < 2) continue;
        const nx = x + (w * j) / k;
        out.push(rrect(nx - R * 0.04, y - th * 0.78, R * 0.08, th * 0.62, R * 0.03, '#5a2a1c'));
        out.push(rect(nx - R * 0.03, y - th * 0.6, R * 0.06, th * 0.3, C.gold, 'opacity="0.9"'));
      }
    } else {
      const k = 16 - i * 3;
      for (let j = 1; j < k; j++) {
        const nx = x + (w * j) / k;
        out.push(rect(nx - R * 0.012, y - th * 0.7, R * 0.024, th * 0.5, mix(white, L.shade, 0.6)));
      }
    }
    y -= th + R * 0.025;
  }
  // Central stair cut into the terraces.
  if (tiers.length) {
    const sw = R * 0.42;
    const stairTop = y + R * 0.02;
    out.push(
      poly(
        [
          [cx - sw / 2, stairTop],
          [cx + sw / 2, stairTop],
          [cx + sw * 0.7, ground],
          [cx - sw * 0.7, ground],
        ],
        mix(white, L.shade, 0.45),
      ),
    );
    const steps = 9;
    for (let j = 1; j < steps; j++) {
      const t = j / steps;
      const yy = stairTop + (ground - stairTop) * t;
      const hw = (sw / 2) * (1 + 0.4 * t);
      out.push(line(cx - hw, yy, cx + hw, yy, mix(white, L.shade, 0.8), R * 0.012));
    }
  }
  const baseTop = y;
  // Drum: two rings.
  out.push(rect(cx - 1.25 * R, y - R * 0.06, 2.5 * R, R * 0.06, mix(white, L.shade, 0.3)));
  out.push(rect(cx - 1.17 * R, y - R * 0.11, 2.34 * R, R * 0.05, mix(white, L.shade, 0.15)));
  y -= R * 0.11;
  // Dome.
  const rx = 1.14 * R;
  const ry = 0.8 * R;
  const domeFill = s.rad(
    [
      [0, lighten(white, 0.5)],
      [0.55, white],
      [1, mix(white, L.shade, 0.85)],
    ],
    cx - rx * 0.35,
    y - ry * 0.75,
    rx * 1.7,
  );
  const dome = `M${n(cx - rx)},${n(y)} C${n(cx - rx)},${n(y - ry * 0.72)} ${n(cx - rx * 0.55)},${n(y - ry)} ${n(cx)},${n(y - ry)} C${n(cx + rx * 0.55)},${n(y - ry)} ${n(cx + rx)},${n(y - ry * 0.72)} ${n(cx + rx)},${n(y)}Z`;
  out.push(pth(dome, domeFill));
  // Whitewash streaks and saffron lotus petals splashed down from the collar.
  const clipDome = s.clip(pth(dome, '#000'));
  const petals = [];
  const np = 11;
  for (let j = 0; j < np; j++) {
    const a0 = -Math.PI / 2 + (Math.PI * j) / np;
    const a1 = -Math.PI / 2 + (Math.PI * (j + 1)) / np;
    const xa = cx + Math.sin(a0) * rx * 0.98;
    const xb = cx + Math.sin(a1) * rx * 0.98;
    const ya = y - ry * Math.cos(a0) * 0.98;
    const yb = y - ry * Math.cos(a1) * 0.98;
    const mid = (a0 + a1) / 2;
    const depth = ry * (0.34 + 0.08 * Math.cos(mid));
    const xm = cx + Math.sin(mid) * rx * 0.7;
    const ym = y - ry + depth + ry * (1 - Math.cos(mid)) * 0.45;
    petals.push(
      stroke(
        `M${n(xa)},${n(ya)} Q${n(xm)},${n(ym + depth * 0.5)} ${n(xb)},${n(yb)}`,
        '#e9a53a',
        R * 0.028,
        'opacity="0.85"',
      ),
    );
  }
  for (let j = 0; j < 24; j++) {
    const sx = cx + r.range(-0.95, 0.95) * rx;
    const sy = y - ry * r.range(0.05, 0.5);
    petals.push(
      line(
        sx,
        sy,
        sx + r.range(-2, 2),
        sy + R * r.range(0.08, 0.25),
        mix(white, L.shade, 0.4),
        R * 0.01,
        'opacity="0.6"',
      ),
    );
  }
  out.push(g(petals.join(''), clipDome));
  const domeTop = y - ry;
  // Collar (gold) and harmika with the eyes.
  const hw = 0.64 * R;
  const hh = 0.5 * R;
  const hy = domeTop - hh + R * 0.04;
  out.push(
    rect(
      cx - hw * 0.62,
      domeTop - R * 0.01,
      hw * 1.24,
      R * 0.07,
      s.lin(
        [
          [0, C.goldDark],
          [0.45, C.goldLight],
          [1, C.goldDark],
        ],
        0,
        0,
        1,
        0,
      ),
    ),
  );
  out.push(
    rect(
      cx - hw / 2,
      hy,
      hw,
      hh,
      s.lin([
        [0, '#f6ecd6'],
        [1, lighten(white, 0.1)],
      ]),
    ),
  );
  out.push(rect(cx - hw / 2, hy, hw, hh, 'none', `stroke="${C.gold}" stroke-width="${n(R * 0.03)}"`));
  out.push(buddhaEyes(cx - hw / 2 + R * 0.02, hy + R * 0.03, hw - R * 0.04, hh - R * 0.04));
  // Thirteen gilded steps.
  const sh = 1.05 * R;
  const sb = 0.6 * R;
  const st = 0.2 * R;
  const steps = 13;
  const top0 = hy - R * 0.04;
  out.push(rect(cx - hw * 0.58, top0, hw * 1.16, R * 0.05, C.goldDark));
  const goldBand = s.lin(
    [
      [0, '#8a5d0a'],
      [0.35, C.goldLight],
      [0.6, C.gold],
      [1, '#7a5208'],
    ],
    0,
    0,
    1,
    0,
  );
  for (let j = 0; j < steps; j++) {
    const t0 = j / steps;
    const t1 = (j + 1) / steps;
    const w0 = sb + (st - sb) * t0;
    const w1 = sb + (st - sb) * t1;
    const y0 = top0 - sh * t0;
    const y1 = top0 - sh * t1;
    out.push(
      poly(
        [
          [cx - w0 / 2, y0],
          [cx + w0 / 2, y0],
          [cx + w1 / 2, y1 + R * 0.012],
          [cx - w1 / 2, y1 + R * 0.012],
        ],
        goldBand,
      ),
    );
    out.push(line(cx - w1 / 2, y1 + R * 0.015, cx + w1 / 2, y1 + R * 0.015, '#6e4a07', R * 0.01));
  }
  // The gilded torana plaque in front of the lowest steps.
  const tw = 0.3 * R;
  const tH = 0.26 * R;
  const ty = top0 - R * 0.02;
  out.push(
    pth(
      `M${n(cx - tw / 2)},${n(ty)} L${n(cx - tw / 2)},${n(ty - tH * 0.6)} Q${n(cx - tw / 2)},${n(ty - tH)} ${n(cx)},${n(ty - tH * 1.05)} Q${n(cx + tw / 2)},${n(ty - tH)} ${n(cx + tw / 2)},${n(ty - tH * 0.6)} L${n(cx + tw / 2)},${n(ty)}Z`,
      s.lin([
        [0, C.goldLight],
        [1, C.goldDark],
      ]),
    ),
  );
  out.push(ell(cx, ty - tH * 0.42, tw * 0.2, tH * 0.3, '#8a5d0a', 'opacity="0.55"'));
  out.push(circ(cx, ty - tH * 0.62, tw * 0.07, '#8a5d0a', 'opacity="0.6"'));
  // Parasol and pinnacle.
  const py = top0 - sh;
  out.push(
    poly(
      [
        [cx - R * 0.26, py],
        [cx + R * 0.26, py],
        [cx + R * 0.14, py - R * 0.1],
        [cx - R * 0.14, py - R * 0.1],
      ],
      s.lin([
        [0, C.goldLight],
        [1, C.goldDark],
      ]),
    ),
  );
  for (let j = 0; j < 7; j++) {
    const vx = cx - R * 0.24 + (R * 0.48 * (j + 0.5)) / 7;
    out.push(circ(vx, py + R * 0.01, R * 0.035, j % 2 ? '#c62828' : '#f7f5ee'));
  }
  let gy = py - R * 0.1;
  for (const k of [0.08, 0.06, 0.075, 0.05, 0.035]) {
    out.push(
      ell(
        cx,
        gy - k * R * 0.8,
        k * R,
        k * R * 0.85,
        s.lin(
          [
            [0, C.goldLight],
            [1, C.goldDark],
          ],
          0,
          0,
          1,
          1,
        ),
      ),
    );
    gy -= k * R * 1.35;
  }
  out.push(line(cx, gy + R * 0.02, cx, gy - R * 0.12, C.goldDark, R * 0.02));
  const pinnacle = /** @type {Pt} */ ([cx, gy - R * 0.02]);
  // Prayer flags fanning down from the pinnacle to the terraces.
  if (o.flags !== false) {
    const fs = o.flagSize ?? R * 0.075;
    const ends = [-2.3, -1.75, -1.2, 1.2, 1.75, 2.3];
    for (const e of ends) {
      const ex = cx + e * R;
      const ey = Math.abs(e) > 2 ? ground - th : baseTop + R * 0.02 + (Math.abs(e) - 1.2) * R * 0.15;
      out.push(
        flagString(s, {
          x1: pinnacle[0],
          y1: pinnacle[1] + R * 0.05,
          x2: ex,
          y2: ey,
          sag: R * 0.12,
          size: fs,
          gap: 1.15,
          wind: 0.05 * Math.sign(e),
        }),
      );
    }
  }
  return { svg: out.join(''), top: gy, domeTop, baseTop, pinnacle };
}

/* ------------------------------------------------------------------------------------------------------------ */
/* Kathmandu rooftops                                                                                             */
/* ------------------------------------------------------------------------------------------------------------ */

const FACADES = [
  '#e9d6b4',
  '#d99f73',
  '#b9603f',
  '#f0e6d2',
  '#c98a5c',
  '#e7c7a0',
  '#a9bfc9',
  '#d7b98f',
  '#efd9c6',
  '#9a4a32',
];

/**
 * A band of flat-roofed Kathmandu houses: windows, parapets, black water tanks and stair huts.
 * @param {Scene} s
 * @param {{ x0: number, x1: number, base: number, minH: number, maxH: number, minW: number, maxW: number,
 *   haze?: string, hazeAmt?: number, windowLight?: number, skip?: [number, number] | null, skipH?: number,
 *   tanks?: boolean }} o
 *   `skip` keeps the buildings in an x range no taller than `skipH`, e.g. in front of the stupa.
 */
function houses(s, o) {
  const r = s.r;
  const out = [];
  let x = o.x0;
  const haze = o.haze ?? '#ffffff';
  const ha = o.hazeAmt ?? 0;
  while (x < o.x1) {
    const w = r.range(o.minW, o.maxW);
    let h = r.range(o.minH, o.maxH);
    const inSkip = o.skip && x + w > o.skip[0] && x < o.skip[1];
    if (inSkip) h = Math.min(h, (o.skipH ?? o.minH) * s.r.range(0.8, 1));
    const top = o.base - h;
    const face = mix(r.pick(FACADES), haze, ha);
    const side = darken(face, 0.18);
    out.push(rect(x, top, w, h + 2, face));
    out.push(rect(x + w * 0.86, top, w * 0.14, h + 2, side, 'opacity="0.6"'));
    // Parapet and roof line.
    out.push(rect(x - 1, top - h * 0.03, w + 2, Math.max(2, h * 0.035), mix(lighten(face, 0.25), haze, ha)));
    // Windows: rows of dark panes with wooden frames; a few lit.
    const rows = Math.max(1, Math.floor(h / (o.maxH * 0.2)));
    const cols = Math.max(1, Math.floor(w / (o.maxW * 0.28)));
    const ww = (w / cols) * 0.42;
    const wh = (h / rows) * 0.38;
    for (let i = 0; i < rows; i++) {
      for (let j = 0; j < cols; j++) {
        if (r.chance(0.15)) continue;
        const wx = x + (w / cols) * (j + 0.5) - ww / 2;
        const wy = top + (h / rows) * (i + 0.35);
        const lit = r.chance(o.windowLight ?? 0);
        out.push(rect(wx - ww * 0.1, wy - wh * 0.1, ww * 1.2, wh * 1.2, mix('#5a3522', haze, ha)));
        out.push(rect(wx, wy, ww, wh, lit ? '#ffcf70' : mix('#2c3440', haze, ha)));
        if (!lit) out.push(rect(wx, wy, ww * 0.4, wh, mix('#5d6f80', haze, ha), 'opacity="0.5"'));
      }
    }
    // Rooftop clutter.
    if (o.tanks !== false && !inSkip && r.chance(0.55)) {
      const tx = x + r.range(0.1, 0.6) * w;
      const tw = Math.min(w * 0.25, o.maxW * 0.16);
      out.push(rrect(tx, top - tw * 1.0, tw, tw * 1.0, tw * 0.2, mix('#1f2326', haze, ha)));
      out.push(rect(tx + tw * 0.15, top - tw * 0.9, tw * 0.1, tw * 0.8, mix('#4a5258', haze, ha)));
    }
    if (!inSkip && r.chance(0.3)) {
      const hx = x + r.range(0.45, 0.7) * w;
      const hw = w * 0.28;
      out.push(rect(hx, top - hw * 0.7, hw, hw * 0.7, mix(darken(face, 0.05), haze, ha)));
      out.push(rect(hx + hw * 0.3, top - hw * 0.5, hw * 0.3, hw * 0.5, mix('#5a3522', haze, ha)));
    }
    x += w + r.range(-2, 4);
  }
  return out.join('');
}

/* ------------------------------------------------------------------------------------------------------------ */
/* People (simple flat figures)                                                                                   */
/* ------------------------------------------------------------------------------------------------------------ */

/**
 * A walking pilgrim or monk, facing left (dir -1) or right (dir 1).
 * @param {number} x @param {number} foot ground y @param {number} h height @param {-1 | 1} dir
 * @param {{ robe: string, sash?: string, monk?: boolean, wheel?: boolean, phase?: number, hat?: string }} o
 */
function walker(x, foot, h, dir, o) {
  const u = h / 10;
  const out = [];
  const ph = o.phase ?? 0;
  const stride = u * (1.1 + 0.5 * Math.sin(ph));
  // Legs.
  out.push(stroke(`M${n(x)},${n(foot - u * 3.2)} L${n(x - stride * dir * 0.6)},${n(foot)}`, '#2a1d18', u * 0.8));
  out.push(stroke(`M${n(x)},${n(foot - u * 3.2)} L${n(x + stride * dir * 0.7)},${n(foot)}`, '#2a1d18', u * 0.8));
  for (const k of [-0.6, 0.7]) {
    const fx = x + stride * dir * k;
    out.push(stroke(`M${n(fx)},${n(foot)} l${n(dir * u * 0.7)},0`, '#2a1d18', u * 0.6));
  }
  // Robe / chuba.
  out.push(
    pth(
      `M${n(x - u * 1.2)},${n(foot - u * 7.4)} Q${n(x)},${n(foot - u * 7.9)} ${n(x + u * 1.2)},${n(foot - u * 7.4)} L${n(x + u * 1.9)},${n(foot - u * 1.6)} Q${n(x)},${n(foot - u * 1.1)} ${n(x - u * 1.9)},${n(foot - u * 1.6)}Z`,
      o.robe,
    ),
  );
  if (o.sash) {
    out.push(
      pth(
        `M${n(x - u * 1.2)},${n(foot - u * 7.3)} L${n(x + u * 1.5)},${n(foot - u * 4)} L${n(x + u * 1.4)},${n(foot - u * 3.3)} L${n(x - u * 1.3)},${n(foot - u * 6.4)}Z`,
        o.sash,
      ),
    );
  }
  // Arm forward, perhaps with a hand prayer wheel.
  const hx = x + dir * u * 2.2;
  const hy = foot - u * 5.1;
  out.push(stroke(`M${n(x + dir * u * 0.4)},${n(foot - u * 7)} L${n(hx)},${n(hy)}`, darken(o.robe, 0.15), u * 0.9));
  if (o.wheel) {
    out.push(line(hx, hy, hx + dir * u * 0.4, hy - u * 2, '#5a3a1a', u * 0.25));
    out.push(rrect(hx + dir * u * 0.4 - u * 0.5, hy - u * 2.9, u, u * 1.1, u * 0.2, C.gold));
    out.push(circ(hx + dir * u * 0.4 + dir * u * 0.8, hy - u * 2.4, u * 0.18, '#5a3a1a'));
  }
  // Head in profile: hair over the crown and back (or a shaved head), the face and nose towards `dir`.
  const headX = x + dir * u * 0.2;
  const headY = foot - u * 8.6;
  if (o.monk) {
    out.push(
      circ(headX, headY, u * 0.95, C.skin),
      circ(headX - dir * u * 0.25, headY - u * 0.2, u * 0.7, '#3b2a22', 'opacity="0.25"'),
    );
  } else {
    out.push(circ(headX - dir * u * 0.2, headY - u * 0.1, u * 1.0, C.hair));
    out.push(ell(headX + dir * u * 0.3, headY + u * 0.2, u * 0.62, u * 0.7, C.skin));
    out.push(rect(headX - dir * u * 0.75 - u * 0.3, headY, u * 0.6, u * 2.2, C.hair, 'rx="2"'));
  }
  out.push(
    poly(
      [
        [headX + dir * u * 0.85, headY],
        [headX + dir * u * 1.2, headY + u * 0.3],
        [headX + dir * u * 0.85, headY + u * 0.42],
      ],
      C.skin,
    ),
  );
  if (o.hat)
    out.push(
      pth(
        `M${n(x - u * 1.3)},${n(foot - u * 9.1)} L${n(x + u * 1.5)},${n(foot - u * 9.1)} L${n(x + u * 0.8)},${n(foot - u * 10)} L${n(x - u * 0.6)},${n(foot - u * 10)}Z`,
        o.hat,
      ),
    );
  return out.join('');
}

/* ------------------------------------------------------------------------------------------------------------ */
/* Props                                                                                                          */
/* ------------------------------------------------------------------------------------------------------------ */

/**
 * A terracotta pot with marigolds, a leafy plant or a tulsi bush. `base` is the bottom of the pot.
 * @param {Scene} s @param {number} x centre @param {number} base @param {number} size pot width
 * @param {'marigold' | 'leafy' | 'geranium'} kind
 */
function potPlant(s, x, base, size, kind) {
  const r = s.r;
  const out = [];
  const ph = size * 0.85;
  const top = base - ph;
  // Foliage first (behind the rim).
  const fw = size * (kind === 'leafy' ? 1.5 : 1.35);
  const fh = size * (kind === 'leafy' ? 1.6 : 1.0);
  for (let i = 0; i < (kind === 'leafy' ? 14 : 18); i++) {
    const a = r.range(-Math.PI * 0.95, -Math.PI * 0.05);
    const d = r.range(0.3, 1);
    const lx = x + Math.cos(a) * fw * 0.5 * d;
    const ly = top + Math.sin(a) * fh * 0.8 * d;
    if (kind === 'leafy') {
      const len = size * r.range(0.35, 0.6);
      const ang = Math.atan2(ly - top, lx - x);
      const ex = lx + Math.cos(ang) * len;
      const ey = ly + Math.sin(ang) * len;
      out.push(
        pth(
          `M${n(x)},${n(top + size * 0.05)} Q${n(lx)},${n(ly - len * 0.3)} ${n(ex)},${n(ey)} Q${n(lx + len * 0.2)},${n(ly + len * 0.3)} ${n(x)},${n(top + size * 0.05)}Z`,
          r.pick([C.leaf, C.leafDark, '#5f9146']),
        ),
      );
    } else {
      out.push(
        ell(
          lx,
          ly,
          size * 0.16,
          size * 0.1,
          r.pick([C.leaf, C.leafDark, '#5f9146']),
          `transform="rotate(${n(r.range(-40, 40))} ${n(lx)} ${n(ly)})"`,
        ),
      );
    }
  }
  if (kind !== 'leafy') {
    const petal = kind === 'marigold' ? [C.marigold, C.marigoldDeep, '#fbbf24'] : ['#d9304f', '#e8506a', '#b81d3a'];
    for (let i = 0; i < 11; i++) {
      const a = r.range(-Math.PI * 0.92, -Math.PI * 0.08);
      const d = r.range(0.25, 0.95);
      const fx = x + Math.cos(a) * fw * 0.45 * d;
      const fy = top + Math.sin(a) * fh * 0.75 * d;
      const fr = size * r.range(0.1, 0.15);
      const col = r.pick(petal);
      out.push(circ(fx, fy, fr, col));
      out.push(circ(fx - fr * 0.2, fy - fr * 0.25, fr * 0.6, lighten(col, 0.2)));
      out.push(circ(fx, fy, fr * 0.25, darken(col, 0.25)));
    }
  }
  // Pot with rim.
  out.push(
    poly(
      [
        [x - size / 2, top + size * 0.12],
        [x + size / 2, top + size * 0.12],
        [x + size * 0.36, base],
        [x - size * 0.36, base],
      ],
      s.lin(
        [
          [0, '#c0683f'],
          [0.6, '#a4512e'],
          [1, '#7c3a20'],
        ],
        0,
        0,
        1,
        0,
      ),
    ),
  );
  out.push(rrect(x - size * 0.56, top, size * 1.12, size * 0.16, size * 0.04, '#c9744a'));
  out.push(rect(x - size * 0.4, top + size * 0.4, size * 0.8, size * 0.05, '#f1d3a0', 'opacity="0.55"'));
  return out.join('');
}

/**
 * A tea cup on its saucer, seen from slightly above, with a wisp of steam.
 * @param {number} x centre @param {number} y saucer centre @param {number} size cup width @param {string} [cup]
 * @param {string} [tea]
 */
function teaCup(x, y, size, cup = C.cream, tea = '#b86b2a') {
  const out = [];
  const u = size;
  out.push(ell(x, y + u * 0.04, u * 0.9, u * 0.22, 'rgba(0,0,0,0.18)'));
  out.push(ell(x, y, u * 0.85, u * 0.2, lighten(cup, 0.1)));
  out.push(ell(x, y - u * 0.02, u * 0.55, u * 0.12, darken(cup, 0.08)));
  out.push(
    pth(
      `M${n(x - u * 0.5)},${n(y - u * 0.55)} L${n(x + u * 0.5)},${n(y - u * 0.55)} Q${n(x + u * 0.46)},${n(y - u * 0.02)} ${n(x)},${n(y - u * 0.02)} Q${n(x - u * 0.46)},${n(y - u * 0.02)} ${n(x - u * 0.5)},${n(y - u * 0.55)}Z`,
      cup,
    ),
  );
  out.push(
    stroke(
      `M${n(x + u * 0.46)},${n(y - u * 0.45)} q${n(u * 0.28)},${n(u * 0.02)} ${n(u * 0.18)},${n(u * 0.25)} q-${n(u * 0.05)},${n(u * 0.08)} -${n(u * 0.22)},${n(u * 0.05)}`,
      cup,
      u * 0.07,
    ),
  );
  out.push(rect(x - u * 0.5, y - u * 0.45, u, u * 0.07, C.maroon, 'opacity="0.85"'));
  out.push(ell(x, y - u * 0.55, u * 0.5, u * 0.1, darken(cup, 0.12)));
  out.push(ell(x, y - u * 0.545, u * 0.44, u * 0.08, tea));
  out.push(
    stroke(
      `M${n(x - u * 0.1)},${n(y - u * 0.7)} q-${n(u * 0.15)},-${n(u * 0.2)} 0,-${n(u * 0.4)} q${n(u * 0.15)},-${n(u * 0.2)} 0,-${n(u * 0.4)}`,
      '#ffffff',
      u * 0.06,
      'opacity="0.5"',
    ),
  );
  return out.join('');
}

/**
 * A brass butter lamp with its flame and glow.
 * @param {Scene} s @param {number} x @param {number} base @param {number} size cup width
 * @param {boolean} [glow]
 */
function butterLamp(s, x, base, size, glow = true) {
  const u = size;
  const out = [];
  if (glow) {
    out.push(
      circ(
        x,
        base - u * 1.6,
        u * 2.6,
        s.rad(
          [
            [0, '#ffd27a', 0.55],
            [0.4, '#ffb347', 0.18],
            [1, '#ff9a2e', 0],
          ],
          x,
          base - u * 1.6,
          u * 2.6,
        ),
      ),
    );
  }
  const brass = s.lin(
    [
      [0, '#8a5d0a'],
      [0.4, '#f2cf6b'],
      [0.65, '#d4a017'],
      [1, '#6e4a07'],
    ],
    0,
    0,
    1,
    0,
  );
  // Foot, stem, cup.
  out.push(
    poly(
      [
        [x - u * 0.4, base],
        [x + u * 0.4, base],
        [x + u * 0.16, base - u * 0.22],
        [x - u * 0.16, base - u * 0.22],
      ],
      brass,
    ),
  );
  out.push(rect(x - u * 0.08, base - u * 0.62, u * 0.16, u * 0.42, brass));
  out.push(ell(x, base - u * 0.45, u * 0.17, u * 0.06, brass));
  out.push(
    pth(
      `M${n(x - u * 0.5)},${n(base - u * 1.02)} L${n(x + u * 0.5)},${n(base - u * 1.02)} Q${n(x + u * 0.42)},${n(base - u * 0.6)} ${n(x)},${n(base - u * 0.6)} Q${n(x - u * 0.42)},${n(base - u * 0.6)} ${n(x - u * 0.5)},${n(base - u * 1.02)}Z`,
      brass,
    ),
  );
  out.push(ell(x, base - u * 1.02, u * 0.5, u * 0.1, '#f6e7b8'));
  // Wick and flame.
  out.push(line(x, base - u * 1.02, x, base - u * 1.15, '#2a1a10', u * 0.04));
  out.push(
    pth(
      `M${n(x)},${n(base - u * 1.6)} Q${n(x + u * 0.17)},${n(base - u * 1.25)} ${n(x)},${n(base - u * 1.08)} Q${n(x - u * 0.17)},${n(base - u * 1.25)} ${n(x)},${n(base - u * 1.6)}Z`,
      '#ffb02e',
    ),
  );
  out.push(
    pth(
      `M${n(x)},${n(base - u * 1.45)} Q${n(x + u * 0.08)},${n(base - u * 1.22)} ${n(x)},${n(base - u * 1.12)} Q${n(x - u * 0.08)},${n(base - u * 1.22)} ${n(x)},${n(base - u * 1.45)}Z`,
      '#fff4c4',
    ),
  );
  return out.join('');
}

/**
 * A terrace parapet wall across the bottom of a picture, plastered, with a maroon coping.
 * @param {Scene} s @param {number} top @param {number} [bottom] @param {Mood} [mood]
 */
function parapet(s, top, bottom = s.h, mood = 'day') {
  const L = LIGHT[mood];
  const wall = mix(C.plaster, L.lit, 0.2);
  const H = bottom - top;
  const cap = Math.min(H * 0.16, s.h * 0.025);
  const out = [
    rect(
      -5,
      top,
      s.w + 10,
      H,
      s.lin([
        [0, mix(wall, L.shade, 0.3)],
        [1, darken(mix(wall, L.shade, 0.5), 0.12)],
      ]),
    ),
    // Coping: a lit top and a shadowed front edge.
    rect(-5, top - cap, s.w + 10, cap * 0.55, lighten(mix(wall, L.lit, 0.5), 0.2)),
    rect(-5, top - cap * 0.45, s.w + 10, cap * 0.6, mix(wall, L.shade, 0.55)),
    rect(-5, top + cap * 0.15, s.w + 10, cap * 0.3, 'rgba(0,0,0,0.12)'),
  ];
  // A painted maroon band with a gold running motif, as on Tibetan houses.
  const by = top + H * 0.28;
  const bh = Math.min(H * 0.22, s.h * 0.035);
  out.push(rect(-5, by, s.w + 10, bh, mix(C.maroon, L.lit, 0.06)));
  out.push(rect(-5, by + bh * 0.12, s.w + 10, bh * 0.06, C.gold, 'opacity="0.8"'));
  out.push(rect(-5, by + bh * 0.82, s.w + 10, bh * 0.06, C.gold, 'opacity="0.8"'));
  const step = bh * 1.4;
  for (let x = step / 2; x < s.w + step; x += step) {
    out.push(
      poly(
        [
          [x, by + bh * 0.28],
          [x + bh * 0.32, by + bh * 0.5],
          [x, by + bh * 0.72],
          [x - bh * 0.32, by + bh * 0.5],
        ],
        C.goldLight,
        'opacity="0.85"',
      ),
    );
  }
  // Plaster patches and cracks.
  for (let i = 0; i < 26; i++) {
    const x = s.r.next() * s.w;
    const y = top + s.r.range(0.5, 0.95) * H;
    out.push(ell(x, y, s.r.range(10, 50), s.r.range(3, 9), darken(wall, 0.14), 'opacity="0.22"'));
  }
  return out.join('');
}

/* ------------------------------------------------------------------------------------------------------------ */
/* Outdoor scenes                                                                                                 */
/* ------------------------------------------------------------------------------------------------------------ */

/**
 * Distant view of Boudha: mountains, hazy houses ringing the plaza, the stupa, nearer houses.
 * Used for the hero, for window and balcony views and for many of the smaller pictures.
 * @param {Scene} s
 * @param {{ mood: Mood, cx: number, ground: number, R: number, horizon: number, sun?: Pt | null, x0?: number,
 *   x1?: number, flags?: boolean, nearHouses?: boolean, clouds?: number, snow?: boolean }} o
 */
function boudhaView(s, o) {
  const { mood, cx, ground, R, horizon } = o;
  const x0 = o.x0 ?? 0;
  const x1 = o.x1 ?? s.w;
  const L = LIGHT[mood];
  const W = x1 - x0;
  const out = [];
  out.push(sky(s, mood, { sun: o.sun ?? null, clouds: o.clouds ?? 3 }));
  const far = { day: '#8fa6c4', gold: '#a48fa6', dawn: '#9c8fb0', dusk: '#6b5a7e', night: '#2a3858' }[mood];
  const snowC = { day: '#f4f7fb', gold: '#fde3c0', dawn: '#fbe0da', dusk: '#e9b9a4', night: '#a9b4cc' }[mood];
  if (o.snow !== false) {
    out.push(
      mountains(s, {
        y: horizon - R * 0.9,
        amp: R * 0.75,
        color: far,
        snow: 0.55,
        snowColor: snowC,
        x0: x0 - 20,
        x1: x1 + 20,
        bottom: horizon + R,
        rough: 0.58,
      }),
    );
  }
  const hill = { day: '#6f8f8a', gold: '#8d7a7a', dawn: '#7f7690', dusk: '#4f4766', night: '#1d2a44' }[mood];
  out.push(
    mountains(s, {
      y: horizon - R * 0.12,
      amp: R * 0.22,
      color: hill,
      x0: x0 - 20,
      x1: x1 + 20,
      bottom: ground + 10,
      rough: 0.5,
    }),
  );
  out.push(
    rect(
      x0,
      horizon - R * 0.2,
      W,
      ground - horizon + R * 0.2,
      s.lin([
        [0, L.haze, 0],
        [1, L.haze, 0.55],
      ]),
    ),
  );
  // Houses ringing the plaza behind the stupa.
  out.push(
    houses(s, {
      x0: x0 - 10,
      x1: x1 + 10,
      base: ground - R * 0.25,
      minH: R * 0.25,
      maxH: R * 0.6,
      minW: R * 0.3,
      maxW: R * 0.65,
      haze: L.haze,
      hazeAmt: 0.45,
      windowLight: mood === 'night' || mood === 'dusk' ? 0.4 : 0,
    }),
  );
  const st = stupa(s, { cx, ground, R, mood, flags: o.flags });
  out.push(st.svg);
  if (o.nearHouses !== false) {
    // The plaza around the stupa, with tiny pilgrims, then the nearer rooftops.
    const plaza = mix('#cbb8a0', L.haze, 0.25);
    out.push(rect(x0, ground - 2, W, s.h - ground + 2, plaza));
    for (let i = 0; i < 24; i++) {
      const px = cx + s.r.range(-2.6, 2.6) * R;
      const py = ground + s.r.range(0.04, 0.2) * R;
      const ph = R * s.r.range(0.07, 0.09);
      out.push(
        rect(px - ph * 0.18, py - ph, ph * 0.36, ph, s.r.pick(['#6b1d1d', '#3a2a2a', '#8a4b2a', '#2f3f5a', '#b45309'])),
      );
      out.push(circ(px, py - ph * 1.05, ph * 0.16, '#3a2418'));
    }
    out.push(
      houses(s, {
        x0: x0 - 10,
        x1: x1 + 10,
        base: ground + R * 0.55,
        minH: R * 0.35,
        maxH: R * 0.85,
        minW: R * 0.45,
        maxW: R * 0.9,
        haze: L.haze,
        hazeAmt: 0.12,
        windowLight: mood === 'night' || mood === 'dusk' ? 0.5 : 0.05,
        skip: [cx - R * 2.4, cx + R * 2.4],
        skipH: R * 0.28,
      }),
    );
  }
  return { svg: out.join(''), stupa: st };
}

/** @param {Scene} s */
function drawHero(s) {
  const { w, h } = s;
  const R = h * 0.16;
  const view = boudhaView(s, {
    mood: 'gold',
    cx: w * 0.6,
    ground: h * 0.73,
    R,
    horizon: h * 0.58,
    sun: [w * 0.85, h * 0.4],
    clouds: 4,
  });
  s.add(view.svg);
  s.add(birds(s, w * 0.3, h * 0.12, w * 0.5, h * 0.25, 9, h * 0.012, 'rgba(60,40,40,0.7)'));
  // Foreground rooftop terrace.
  const top = h * 0.86;
  s.add(parapet(s, top, h, 'gold'));
  // A wooden flag pole at the left, with flag strings across the sky.
  const poleX = w * 0.07;
  s.add(
    rect(
      poleX - h * 0.008,
      h * 0.05,
      h * 0.016,
      top - h * 0.04,
      s.lin(
        [
          [0, C.woodDark],
          [0.5, C.woodLight],
          [1, C.woodDark],
        ],
        0,
        0,
        1,
        0,
      ),
    ),
  );
  s.add(
    flagString(s, { x1: poleX, y1: h * 0.07, x2: w * 1.02, y2: h * 0.02, sag: h * 0.09, size: h * 0.042, wind: 0.25 }),
  );
  s.add(
    flagString(s, {
      x1: poleX,
      y1: h * 0.09,
      x2: view.stupa.pinnacle[0],
      y2: view.stupa.pinnacle[1] + R * 0.05,
      sag: h * 0.08,
      size: h * 0.032,
      wind: 0.2,
    }),
  );
  s.add(flagString(s, { x1: poleX, y1: h * 0.2, x2: -20, y2: h * 0.5, sag: h * 0.02, size: h * 0.04, wind: 0.1 }));
  s.add(
    flagString(s, {
      x1: view.stupa.pinnacle[0],
      y1: view.stupa.pinnacle[1] + R * 0.05,
      x2: w * 1.02,
      y2: h * 0.22,
      sag: h * 0.05,
      size: h * 0.028,
      wind: 0.3,
    }),
  );
  // Pots along the parapet and tea for two at the right.
  for (const [fx, size, kind] of /** @type {[number, number, 'marigold' | 'leafy' | 'geranium'][]} */ ([
    [0.03, 0.09, 'leafy'],
    [0.14, 0.07, 'marigold'],
    [0.22, 0.06, 'geranium'],
    [0.9, 0.075, 'marigold'],
    [0.97, 0.09, 'leafy'],
  ])) {
    s.add(potPlant(s, w * fx, top - h * 0.015, h * size, kind));
  }
  s.add(teaCup(w * 0.74, top - h * 0.02, h * 0.05));
  s.add(teaCup(w * 0.8, top - h * 0.018, h * 0.045));
  s.add(
    poly(
      [
        [w * 0.7, top - h * 0.012],
        [w * 0.84, top - h * 0.012],
        [w * 0.845, top - h * 0.004],
        [w * 0.695, top - h * 0.004],
      ],
      'rgba(0,0,0,0.15)',
    ),
  );
  // Warm light wash.
  s.add(
    rect(
      0,
      0,
      w,
      h,
      s.rad(
        [
          [0, '#ffcf7a', 0.25],
          [1, '#ffcf7a', 0],
        ],
        w * 0.85,
        h * 0.4,
        w * 0.7,
      ),
    ),
  );
}

/* ------------------------------------------------------------------------------------------------------------ */
/* Interiors: a one-point perspective room in metres                                                             */
/* ------------------------------------------------------------------------------------------------------------ */

/**
 * @typedef {object} Box
 * @property {number} x0 @property {number} x1 left/right (metres, 0 = room centre)
 * @property {number} y0 @property {number} y1 bottom/top (0 = floor)
 * @property {number} z0 @property {number} z1 near/far (distance from the camera)
 */

/**
 * @typedef {object} RoomOptions
 * @property {number} [W] width @property {number} [H] height @property {number} [D] depth of the back wall
 * @property {number} [eye] camera height @property {number} [camX] camera x
 * @property {number} [f] focal length as a fraction of the picture width @property {number} [hy] horizon as a fraction of height
 * @property {string} [wall] back wall colour @property {string} [side] side wall colour @property {string} [floor]
 * @property {string} [ceil] @property {boolean} [beams] dark timber beams across the ceiling
 * @property {'wood' | 'tile'} [floorKind]
 */

class Room {
  /**
   * @param {Scene} s
   * @param {RoomOptions} o
   */
  constructor(s, o = {}) {
    this.s = s;
    this.W = o.W ?? 5.2;
    this.H = o.H ?? 2.9;
    this.D = o.D ?? 6;
    this.eye = o.eye ?? 1.5;
    this.camX = o.camX ?? 0;
    this.f = (o.f ?? 0.6) * s.w;
    this.cx = s.w / 2;
    this.hy = (o.hy ?? 0.42) * s.h;
    this.wall = o.wall ?? '#f1dfc4';
    this.side = o.side ?? darken(this.wall, 0.07);
    this.floor = o.floor ?? '#9a6a44';
    this.ceil = o.ceil ?? '#f6ecdc';
    this.beams = o.beams ?? true;
    this.floorKind = o.floorKind ?? 'wood';
  }

  /** Projects a point. @param {number} X @param {number} Y @param {number} Z @returns {Pt} */
  p(X, Y, Z) {
    return [this.cx + ((X - this.camX) * this.f) / Z, this.hy - ((Y - this.eye) * this.f) / Z];
  }

  /** Pixels per metre at depth Z. @param {number} Z */
  k(Z) {
    return this.f / Z;
  }

  /**
   * A polygon through 3D points.
   * @param {[number, number, number][]} ps @param {string} fill @param {string} [a]
   */
  poly(ps, fill, a = '') {
    return poly(
      ps.map(([X, Y, Z]) => this.p(X, Y, Z)),
      fill,
      a,
    );
  }

  /** The walls, floor and ceiling. */
  shell() {
    const { W, H, D, s } = this;
    const zn = 0.6;
    const l = -W / 2;
    const r = W / 2;
    const out = [];
    out.push(
      this.poly(
        [
          [l, H, zn],
          [r, H, zn],
          [r, H, D],
          [l, H, D],
        ],
        this.ceil,
      ),
    );
    out.push(
      this.poly(
        [
          [l, 0, zn],
          [l, 0, D],
          [l, H, D],
          [l, H, zn],
        ],
        s.lin(
          [
            [0, darken(this.side, 0.08)],
            [1, this.side],
          ],
          0,
          0,
          1,
          0,
        ),
      ),
    );
    out.push(
      this.poly(
        [
          [r, 0, zn],
          [r, 0, D],
          [r, H, D],
          [r, H, zn],
        ],
        s.lin(
          [
            [0, this.side],
            [1, darken(this.side, 0.1)],
          ],
          0,
          0,
          1,
          0,
        ),
      ),
    );
    const [bx0, by0] = this.p(l, H, D);
    const [bx1, by1] = this.p(r, 0, D);
    out.push(
      rect(
        bx0,
        by0,
        bx1 - bx0,
        by1 - by0,
        s.lin([
          [0, lighten(this.wall, 0.08)],
          [1, darken(this.wall, 0.05)],
        ]),
      ),
    );
    // Plaster texture on the walls: soft blotches.
    const blotches = [];
    for (let i = 0; i < 40; i++) {
      const x = s.r.range(bx0, bx1);
      const y = s.r.range(by0, by1);
      blotches.push(
        ell(
          x,
          y,
          s.r.range(15, 60),
          s.r.range(8, 30),
          s.r.chance(0.5) ? darken(this.wall, 0.05) : lighten(this.wall, 0.1),
          'opacity="0.35"',
        ),
      );
    }
    out.push(g(blotches.join(''), s.clip(rect(bx0, by0, bx1 - bx0, by1 - by0, '#000'))));
    // Floor.
    out.push(
      this.poly(
        [
          [l, 0, zn],
          [r, 0, zn],
          [r, 0, D],
          [l, 0, D],
        ],
        this.floor,
      ),
    );
    if (this.floorKind === 'wood') {
      const planks = 22;
      for (let i = 0; i <= planks; i++) {
        const X = l + (W * i) / planks;
        const [x1, y1] = this.p(X, 0, D);
        const [x2, y2] = this.p(X, 0, zn);
        out.push(line(x1, y1, x2, y2, darken(this.floor, 0.25), 1.6, 'opacity="0.6"'));
      }
      for (let i = 0; i < planks; i++) {
        let Z = D - s.r.range(0, 1.5);
        while (Z > 1) {
          const X = l + (W * i) / planks;
          const a = this.p(X, 0, Z);
          const b = this.p(X + W / planks, 0, Z);
          out.push(line(a[0], a[1], b[0], b[1], darken(this.floor, 0.25), 1.4, 'opacity="0.6"'));
          // Grain: a slightly different tone per board.
          const zb = Math.max(zn, Z - 1.2);
          const c = this.p(X, 0, zb);
          const d2 = this.p(X + W / planks, 0, zb);
          if (s.r.chance(0.5))
            out.push(
              poly(
                [a, b, d2, c],
                s.r.chance(0.5) ? lighten(this.floor, 0.08) : darken(this.floor, 0.08),
                'opacity="0.5"',
              ),
            );
          Z -= s.r.range(1.2, 2.4);
        }
      }
    } else {
      const t = 0.6;
      for (let X = l; X <= r + 0.01; X += t) {
        const [x1, y1] = this.p(X, 0, D);
        const [x2, y2] = this.p(X, 0, zn);
        out.push(line(x1, y1, x2, y2, darken(this.floor, 0.18), 1.5));
      }
      for (let Z = D; Z > 1; Z -= t) {
        const a = this.p(l, 0, Z);
        const b = this.p(r, 0, Z);
        out.push(line(a[0], a[1], b[0], b[1], darken(this.floor, 0.18), 1.5));
      }
    }
    // Skirting boards.
    const sk = 0.1;
    out.push(
      this.poly(
        [
          [l, 0, D],
          [r, 0, D],
          [r, sk, D],
          [l, sk, D],
        ],
        darken(this.floor, 0.3),
      ),
    );
    out.push(
      this.poly(
        [
          [l, 0, zn],
          [l, 0, D],
          [l, sk, D],
          [l, sk, zn],
        ],
        darken(this.floor, 0.3),
      ),
    );
    out.push(
      this.poly(
        [
          [r, 0, zn],
          [r, 0, D],
          [r, sk, D],
          [r, sk, zn],
        ],
        darken(this.floor, 0.3),
      ),
    );
    // Cornice and timber beams.
    out.push(
      this.poly(
        [
          [l, H - 0.12, D],
          [r, H - 0.12, D],
          [r, H, D],
          [l, H, D],
        ],
        C.woodDark,
      ),
    );
    out.push(
      this.poly(
        [
          [l, H - 0.12, zn],
          [l, H - 0.12, D],
          [l, H, D],
          [l, H, zn],
        ],
        C.woodDark,
      ),
    );
    out.push(
      this.poly(
        [
          [r, H - 0.12, zn],
          [r, H - 0.12, D],
          [r, H, D],
          [r, H, zn],
        ],
        C.woodDark,
      ),
    );
    if (this.beams) {
      for (let Z = D - 0.9; Z > 1.2; Z -= 1.1) {
        out.push(
          this.poly(
            [
              [l, H, Z],
              [r, H, Z],
              [r, H - 0.14, Z],
              [l, H - 0.14, Z],
            ],
            C.woodDark,
          ),
        );
        out.push(
          this.poly(
            [
              [l, H - 0.14, Z],
              [r, H - 0.14, Z],
              [r, H - 0.14, Z + 0.14],
              [l, H - 0.14, Z + 0.14],
            ],
            darken(C.woodDark, 0.25),
          ),
        );
      }
    }
    return out.join('');
  }

  /**
   * A box: front face, and the top and side faces the camera can see.
   * @param {Box} b @param {string} col @param {{ top?: string, side?: string, a?: string }} [o]
   */
  box(b, col, o = {}) {
    const { x0, x1, y0, y1, z0, z1 } = b;
    const a = o.a ?? '';
    const out = [];
    if (this.camX < x0)
      out.push(
        this.poly(
          [
            [x0, y0, z0],
            [x0, y1, z0],
            [x0, y1, z1],
            [x0, y0, z1],
          ],
          o.side ?? darken(col, 0.18),
          a,
        ),
      );
    if (this.camX > x1)
      out.push(
        this.poly(
          [
            [x1, y0, z0],
            [x1, y1, z0],
            [x1, y1, z1],
            [x1, y0, z1],
          ],
          o.side ?? darken(col, 0.18),
          a,
        ),
      );
    if (y1 < this.eye)
      out.push(
        this.poly(
          [
            [x0, y1, z0],
            [x1, y1, z0],
            [x1, y1, z1],
            [x0, y1, z1],
          ],
          o.top ?? lighten(col, 0.12),
          a,
        ),
      );
    if (y0 > this.eye)
      out.push(
        this.poly(
          [
            [x0, y0, z0],
            [x1, y0, z0],
            [x1, y0, z1],
            [x0, y0, z1],
          ],
          darken(col, 0.25),
          a,
        ),
      );
    out.push(
      this.poly(
        [
          [x0, y0, z0],
          [x1, y0, z0],
          [x1, y1, z0],
          [x0, y1, z0],
        ],
        col,
        a,
      ),
    );
    return out.join('');
  }

  /**
   * A soft, rounded box (pillows, cushions, mattresses).
   * @param {Box} b @param {string} col @param {number} [k]
   */
  soft(b, col, k = 0.3) {
    const { x0, x1, y0, y1, z0, z1 } = b;
    const P = (/** @type {number} */ X, /** @type {number} */ Y, /** @type {number} */ Z) => this.p(X, Y, Z);
    const out = [];
    const side = this.camX < x0 ? x0 : this.camX > x1 ? x1 : null;
    if (side !== null)
      out.push(
        pth(softPath([P(side, y0, z0), P(side, y1, z0), P(side, y1, z1), P(side, y0, z1)], k), darken(col, 0.12)),
      );
    out.push(pth(softPath([P(x0, y1, z0), P(x1, y1, z0), P(x1, y1, z1), P(x0, y1, z1)], k), lighten(col, 0.08)));
    out.push(pth(softPath([P(x0, y0, z0), P(x1, y0, z0), P(x1, y1, z0), P(x0, y1, z0)], k), col));
    return out.join('');
  }

  /** Screen rectangle of a rectangle on the back wall. @param {number} x0 @param {number} x1 @param {number} y0 @param {number} y1 */
  backRect(x0, x1, y0, y1) {
    const [a, b] = this.p(x0, y1, this.D);
    const [c, d] = this.p(x1, y0, this.D);
    return { x: a, y: b, w: c - a, h: d - b };
  }

  /**
   * A warm pool of lamplight on the walls around a point.
   * @param {number} X @param {number} Y @param {number} Z @param {number} [radius] metres @param {string} [col]
   */
  glow(X, Y, Z, radius = 1.2, col = '#ffcf7a') {
    const [x, y] = this.p(X, Y, Z);
    const r = radius * this.k(Z);
    return circ(
      x,
      y,
      r,
      this.s.rad(
        [
          [0, col, 0.55],
          [0.35, col, 0.22],
          [1, col, 0],
        ],
        x,
        y,
        r,
      ),
    );
  }
}

/**
 * What is seen through a window or door: sky, mountains, rooftops and (optionally) the stupa.
 * @param {Scene} s
 * @param {{ x: number, y: number, w: number, h: number }} r the opening on screen
 * @param {{ mood?: Mood, stupa?: number, stupaX?: number, ground?: number, flags?: boolean }} [o]
 *   `stupa` is the dome radius as a fraction of the opening height (0 for none); `ground` where the stupa stands
 *   (fraction of the opening height from its top).
 */
function windowView(s, r, o = {}) {
  const mood = o.mood ?? 'day';
  const L = LIGHT[mood];
  const out = [];
  out.push(rect(r.x, r.y, r.w, r.h, s.lin(SKIES[mood])));
  const R = (o.stupa ?? 0) * r.h;
  const ground = r.y + (o.ground ?? 0.86) * r.h;
  const horizon = R ? ground - R * 0.7 : r.y + r.h * 0.62;
  out.push(cloud(s, r.x + r.w * 0.25, r.y + r.h * 0.15, r.w * 0.25, mood));
  out.push(cloud(s, r.x + r.w * 0.8, r.y + r.h * 0.24, r.w * 0.2, mood));
  const mh = R ? R * 0.8 : r.h * 0.16;
  const far = { day: '#8fa6c4', gold: '#a48fa6', dawn: '#9c8fb0', dusk: '#6b5a7e', night: '#2a3858' }[mood];
  out.push(
    mountains(s, {
      y: horizon - mh * 1.1,
      amp: mh,
      color: far,
      snow: 0.55,
      x0: r.x - 10,
      x1: r.x + r.w + 10,
      bottom: r.y + r.h,
      rough: 0.58,
    }),
  );
  out.push(
    rect(
      r.x,
      horizon - mh * 0.3,
      r.w,
      r.y + r.h - horizon + mh * 0.3,
      s.lin([
        [0, L.haze, 0],
        [1, L.haze, 0.6],
      ]),
    ),
  );
  const hs = R ? R : r.h * 0.25;
  out.push(
    houses(s, {
      x0: r.x - 5,
      x1: r.x + r.w + 5,
      base: R ? ground - R * 0.15 : r.y + r.h,
      minH: hs * 0.3,
      maxH: hs * 0.7,
      minW: hs * 0.35,
      maxW: hs * 0.7,
      haze: L.haze,
      hazeAmt: 0.35,
    }),
  );
  if (R) {
    const cx = r.x + (o.stupaX ?? 0.5) * r.w;
    out.push(stupa(s, { cx, ground, R, mood, flags: o.flags }).svg);
    out.push(
      houses(s, {
        x0: r.x - 5,
        x1: r.x + r.w + 5,
        base: r.y + r.h + 2,
        minH: hs * 0.15,
        maxH: hs * 0.7,
        minW: hs * 0.4,
        maxW: hs * 0.8,
        haze: L.haze,
        hazeAmt: 0.1,
        skip: [cx - R * 2.4, cx + R * 2.4],
        skipH: Math.max(2, r.y + r.h - ground - R * 0.05),
      }),
    );
  } else {
    out.push(
      houses(s, {
        x0: r.x - 5,
        x1: r.x + r.w + 5,
        base: r.y + r.h + 2,
        minH: hs * 0.3,
        maxH: hs * 0.8,
        minW: hs * 0.4,
        maxW: hs * 0.8,
        haze: L.haze,
        hazeAmt: 0.1,
      }),
    );
  }
  return g(out.join(''), s.clip(rect(r.x, r.y, r.w, r.h, '#000')));
}

/**
 * A window in the back wall with a carved dark-wood frame, mullions and optional curtains.
 * @param {Room} room
 * @param {{ x0: number, x1: number, y0: number, y1: number, view?: Parameters<typeof windowView>[2], curtains?: string | null,
 *   panes?: number, light?: boolean }} o
 */
function backWindow(room, o) {
  const s = room.s;
  const r = room.backRect(o.x0, o.x1, o.y0, o.y1);
  const k = room.k(room.D);
  const fw = 0.09 * k;
  const out = [];
  // Sunlight falling on the floor from the window.
  if (o.light !== false) {
    out.push(
      room.poly(
        [
          [o.x0, 0, room.D],
          [o.x1, 0, room.D],
          [o.x1 + 0.6, 0, room.D - 2.6],
          [o.x0 + 0.6, 0, room.D - 2.6],
        ],
        '#fff4d6',
        'opacity="0.18"',
      ),
    );
  }
  out.push(rect(r.x - fw * 1.6, r.y - fw * 2.4, r.w + fw * 3.2, r.h + fw * 3.6, C.woodDark));
  // Carved lintel: a row of small teeth.
  for (let x = r.x - fw * 1.4; x < r.x + r.w + fw * 1.4; x += fw * 0.7)
    out.push(rect(x, r.y - fw * 2.1, fw * 0.35, fw * 0.7, C.woodLight, 'opacity="0.7"'));
  out.push(windowView(s, r, o.view ?? {}));
  const panes = o.panes ?? 2;
  out.push(rect(r.x, r.y, r.w, r.h, 'none', `stroke="${C.woodDark}" stroke-width="${n(fw)}"`));
  for (let i = 1; i < panes; i++) out.push(rect(r.x + (r.w * i) / panes - fw / 2, r.y, fw, r.h, C.woodDark));
  out.push(rect(r.x, r.y + r.h * 0.3 - fw / 2, r.w, fw * 0.8, C.woodDark));
  // Glass sheen.
  out.push(
    poly(
      [
        [r.x + r.w * 0.05, r.y + r.h],
        [r.x + r.w * 0.25, r.y + r.h],
        [r.x + r.w * 0.55, r.y],
        [r.x + r.w * 0.35, r.y],
      ],
      '#ffffff',
      'opacity="0.08"',
    ),
  );
  // Sill.
  out.push(rect(r.x - fw * 2.2, r.y + r.h, r.w + fw * 4.4, fw * 0.9, C.wood));
  out.push(rect(r.x - fw * 2.2, r.y + r.h + fw * 0.9, r.w + fw * 4.4, fw * 0.35, darken(C.wood, 0.3)));
  if (o.curtains) {
    const cw = r.w * 0.22;
    const top = r.y - fw * 3;
    const bottom = Math.min(s.h, room.p(0, 0.05, room.D)[1]);
    for (const side of [-1, 1]) {
      const x = side < 0 ? r.x - fw * 2 - cw * 0.55 : r.x + r.w + fw * 2 - cw * 0.45;
      out.push(rect(x, top, cw, bottom - top, o.curtains));
      for (let i = 0; i < 4; i++)
        out.push(
          rect(x + (cw * (i + 0.3)) / 4, top, cw * 0.07, bottom - top, darken(o.curtains, 0.15), 'opacity="0.7"'),
        );
      out.push(rect(x + cw * 0.7, top, cw * 0.12, bottom - top, lighten(o.curtains, 0.15), 'opacity="0.5"'));
    }
    out.push(rect(r.x - fw * 2 - cw * 0.7, top - fw * 0.5, r.w + fw * 4 + cw * 1.4, fw * 0.5, '#3b2415'));
  }
  return out.join('');
}

/**
 * A thangka on its brocade mount hanging on the back wall (or any wall at depth z).
 * @param {Scene} s @param {number} x centre @param {number} y top @param {number} w painting width
 * @param {'buddha' | 'mandala'} kind
 */
function thangka(s, x, y, w, kind) {
  const h = w * 1.35;
  const out = [];
  out.push(rect(x - w * 0.06, y - w * 0.08, w * 0.02, h * 1.45, '#00000000'));
  // Brocade mount: blue outer, red and yellow strips, dark rods.
  out.push(rect(x - w * 0.75, y, w * 1.5, h * 1.45, '#1e3f7a'));
  out.push(rect(x - w * 0.62, y + h * 0.12, w * 1.24, h * 1.08, '#c62828'));
  out.push(rect(x - w * 0.56, y + h * 0.16, w * 1.12, h * 1.0, '#f2c200'));
  out.push(rect(x - w * 0.5, y + h * 0.2, w, h, kind === 'mandala' ? '#1f4a3a' : '#2f5f4a'));
  out.push(rect(x - w * 0.85, y - w * 0.04, w * 1.7, w * 0.06, C.woodDark));
  out.push(rect(x - w * 0.85, y + h * 1.45 - w * 0.02, w * 1.7, w * 0.07, C.woodDark));
  const cy = y + h * 0.2 + h / 2;
  if (kind === 'mandala') {
    out.push(mandala(x, cy, w * 0.46, 1));
  } else {
    // A seated Buddha with halo and aureole on a lotus.
    out.push(ell(x, cy, w * 0.4, h * 0.42, '#e0a43a', 'opacity="0.55"'));
    out.push(circ(x, cy - h * 0.2, w * 0.15, '#4e8fd1'));
    out.push(
      pth(
        `M${n(x - w * 0.32)},${n(cy + h * 0.28)} Q${n(x - w * 0.3)},${n(cy - h * 0.02)} ${n(x)},${n(cy - h * 0.08)} Q${n(x + w * 0.3)},${n(cy - h * 0.02)} ${n(x + w * 0.32)},${n(cy + h * 0.28)}Z`,
        '#b3261e',
      ),
    );
    out.push(circ(x, cy - h * 0.2, w * 0.1, C.gold));
    out.push(ell(x, cy + h * 0.33, w * 0.36, h * 0.06, '#e77fa0'));
  }
  return out.join('');
}

/**
 * A painted mandala (circle in a square palace with four gates), fully coloured or partly painted.
 * @param {number} cx @param {number} cy @param {number} r outer radius @param {number} done fraction coloured, 0..1
 * @param {string} [clipId] when partly done, an id for the clip path
 */
function mandala(cx, cy, r, done, clipId = '') {
  const painted = [];
  const sketch = [];
  const ring = (/** @type {number} */ rr, /** @type {string} */ col) => circ(cx, cy, rr, col);
  painted.push(ring(r, '#c62828'), ring(r * 0.93, '#f2c200'), ring(r * 0.86, '#2e7d32'), ring(r * 0.8, '#1d5fb8'));
  // Fire ring: small flames.
  for (let i = 0; i < 28; i++) {
    const a = (i / 28) * Math.PI * 2;
    painted.push(circ(cx + Math.cos(a) * r * 0.965, cy + Math.sin(a) * r * 0.965, r * 0.035, '#e8731a'));
  }
  const q = r * 0.56;
  // The palace: a square with T-shaped gates in four colours.
  painted.push(rect(cx - q, cy - q, q * 2, q * 2, '#f7f5ee'));
  const quads = ['#1d5fb8', '#f2c200', '#c62828', '#2e7d32'];
  for (let i = 0; i < 4; i++) {
    const a = (i * Math.PI) / 2;
    const pA = [cx + Math.cos(a - Math.PI / 4) * q * 1.414 * 0.92, cy + Math.sin(a - Math.PI / 4) * q * 1.414 * 0.92];
    const pB = [cx + Math.cos(a + Math.PI / 4) * q * 1.414 * 0.92, cy + Math.sin(a + Math.PI / 4) * q * 1.414 * 0.92];
    painted.push(poly([[cx, cy], /** @type {Pt} */ (pA), /** @type {Pt} */ (pB)], quads[i]));
    const gx = cx + Math.cos(a) * q;
    const gy = cy + Math.sin(a) * q;
    const along = Math.abs(Math.cos(a)) > 0.5;
    painted.push(
      along
        ? rect(gx - r * 0.06, gy - r * 0.14, r * 0.12, r * 0.28, '#f2c200')
        : rect(gx - r * 0.14, gy - r * 0.06, r * 0.28, r * 0.12, '#f2c200'),
    );
  }
  painted.push(circ(cx, cy, q * 0.62, '#f7f5ee'));
  for (let i = 0; i < 8; i++) {
    const a = (i / 8) * Math.PI * 2;
    painted.push(
      ell(
        cx + Math.cos(a) * q * 0.4,
        cy + Math.sin(a) * q * 0.4,
        q * 0.2,
        q * 0.09,
        '#e77fa0',
        `transform="rotate(${n((a * 180) / Math.PI)} ${n(cx + Math.cos(a) * q * 0.4)} ${n(cy + Math.sin(a) * q * 0.4)})"`,
      ),
    );
  }
  painted.push(circ(cx, cy, q * 0.2, '#1d5fb8'), circ(cx, cy, q * 0.09, C.gold));
  // Pencil under-drawing.
  const pen = `fill="none" stroke="#6b5a48" stroke-width="${n(Math.max(1, r * 0.008))}"`;
  sketch.push(
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" ${pen}/>`,
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.8)}" ${pen}/>`,
  );
  sketch.push(`<rect x="${n(cx - q)}" y="${n(cy - q)}" width="${n(q * 2)}" height="${n(q * 2)}" ${pen}/>`);
  sketch.push(
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(q * 0.62)}" ${pen}/>`,
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(q * 0.2)}" ${pen}/>`,
  );
  sketch.push(
    `<path d="M${n(cx - r)},${n(cy)} L${n(cx + r)},${n(cy)} M${n(cx)},${n(cy - r)} L${n(cx)},${n(cy + r)} M${n(cx - q)},${n(cy - q)} L${n(cx + q)},${n(cy + q)} M${n(cx + q)},${n(cy - q)} L${n(cx - q)},${n(cy + q)}" ${pen}/>`,
  );
  if (done >= 1) return painted.join('');
  return sketch.join('') + `<g clip-path="url(#${clipId})">${painted.join('')}</g>`;
}

/**
 * A bed with headboard, mattress, duvet, pillows and a maroon runner across the foot.
 * By default the head is against the back wall at `zHead` and the bed is centred on `x`. With `side: 'right'`
 * the head is against the right wall at x = `x` and the bed is centred on z = `zHead`.
 * @param {Room} room
 * @param {{ x: number, zHead: number, w: number, len?: number, linen?: string, runner?: string, frame?: string,
 *   side?: 'back' | 'right' }} o
 */
function bed(room, o) {
  const len = o.len ?? 2.1;
  const hw = o.w / 2;
  const linen = o.linen ?? '#fbf7f0';
  const frame = o.frame ?? C.wood;
  const runner = o.runner ?? C.maroon;
  const sideways = o.side === 'right';
  /**
   * Local frame: u from the foot (0) to the head (len), v across the bed (0 = centre).
   * @param {number} u0 @param {number} u1 @param {number} v0 @param {number} v1 @param {number} y0 @param {number} y1
   * @returns {Box}
   */
  const B = (u0, u1, v0, v1, y0, y1) =>
    sideways
      ? { x0: o.x - len + u0, x1: o.x - len + u1, z0: o.zHead + v0, z1: o.zHead + v1, y0, y1 }
      : { x0: o.x + v0, x1: o.x + v1, z0: o.zHead - len + u0, z1: o.zHead - len + u1, y0, y1 };
  /** @param {number} u @param {number} v @param {number} y */
  const P = (u, v, y) => (sideways ? room.p(o.x - len + u, y, o.zHead + v) : room.p(o.x + v, y, o.zHead - len + u));
  const out = [];
  // Headboard with a carved inset panel facing the bed.
  out.push(room.box(B(len - 0.08, len, -hw - 0.06, hw + 0.06, 0, 1.25), frame));
  const panel = [
    P(len - 0.081, -hw + 0.06, 1.12),
    P(len - 0.081, hw - 0.06, 1.12),
    P(len - 0.081, hw - 0.06, 0.62),
    P(len - 0.081, -hw + 0.06, 0.62),
  ];
  const facesUs = sideways ? room.camX < o.x - 0.08 : true;
  if (facesUs) {
    out.push(poly(panel, darken(frame, 0.25)));
    const c = P(len - 0.082, 0, 0.87);
    const inner = [
      P(len - 0.082, -hw + 0.1, 1.08),
      P(len - 0.082, hw - 0.1, 1.08),
      P(len - 0.082, hw - 0.1, 0.66),
      P(len - 0.082, -hw + 0.1, 0.66),
    ];
    out.push(poly(inner, C.maroon, 'opacity="0.85"'));
    const rr = Math.abs(P(len - 0.08, 0, 1.0)[1] - P(len - 0.08, 0, 0.87)[1]);
    out.push(circ(c[0], c[1], rr, C.gold, 'opacity="0.85"'), circ(c[0], c[1], rr * 0.55, C.maroon));
  }
  // Base and mattress.
  out.push(room.box(B(0, len - 0.08, -hw, hw, 0.05, 0.3), darken(frame, 0.1)));
  out.push(room.soft(B(0.02, len - 0.08, -hw + 0.02, hw - 0.02, 0.28, 0.5), '#efe6d6', 0.12));
  // Pillows.
  const pc = o.w > 1.3 ? 2 : 1;
  const pw = (o.w - 0.2) / pc;
  for (let i = 0; i < pc; i++) {
    const v0 = -hw + 0.1 + i * pw;
    out.push(room.soft(B(len - 0.55, len - 0.12, v0 + 0.03, v0 + pw - 0.03, 0.5, 0.7), lighten(linen, 0.3), 0.4));
  }
  // Duvet with a turned-down fold, hanging over the sides.
  out.push(room.soft(B(-0.04, len - 0.62, -hw - 0.04, hw + 0.04, 0.2, 0.56), linen, 0.1));
  out.push(room.soft(B(len - 0.82, len - 0.6, -hw - 0.035, hw + 0.035, 0.5, 0.585), lighten(linen, 0.4), 0.3));
  // Runner across the foot, draping a little over the edges, with gold stripes.
  out.push(room.box(B(-0.05, 0.42, -hw - 0.05, hw + 0.05, 0.36, 0.58), runner, { top: lighten(runner, 0.08) }));
  for (const u of [0.02, 0.35]) {
    const a = P(u, -hw - 0.05, 0.581);
    const b = P(u, hw + 0.05, 0.581);
    out.push(line(a[0], a[1], b[0], b[1], C.gold, Math.max(2, room.k(room.D) * 0.025)));
  }
  const f1 = sideways ? P(-0.05, -hw - 0.05, 0.42) : P(-0.05, -hw - 0.05, 0.42);
  const f2 = sideways ? P(0.42, -hw - 0.05, 0.42) : P(-0.05, hw + 0.05, 0.42);
  out.push(line(f1[0], f1[1], f2[0], f2[1], C.gold, Math.max(2, room.k(room.D) * 0.025)));
  return out.join('');
}

/**
 * A bedside table with a glowing lamp.
 * @param {Room} room @param {number} x @param {number} z front of the table @param {boolean} [lamp]
 */
function nightstand(room, x, z, lamp = true) {
  const out = [];
  out.push(room.box({ x0: x - 0.25, x1: x + 0.25, y0: 0, y1: 0.55, z0: z, z1: z + 0.42 }, C.woodLight));
  const a = room.p(x - 0.2, 0.45, z);
  const b = room.p(x + 0.2, 0.33, z);
  out.push(rect(a[0], a[1], b[0] - a[0], b[1] - a[1], darken(C.woodLight, 0.2)));
  out.push(circ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2, room.k(z) * 0.015, C.gold));
  if (lamp) out.push(tableLamp(room, x, 0.55, z + 0.21));
  return out.join('');
}

/**
 * A table lamp: brass base and a cream shade lit from within.
 * @param {Room} room @param {number} x @param {number} y table top @param {number} z
 */
function tableLamp(room, x, y, z) {
  const k = room.k(z);
  const [px, py] = room.p(x, y, z);
  const out = [];
  out.push(ell(px, py, 0.09 * k, 0.02 * k, C.goldDark));
  out.push(
    pth(
      `M${n(px - 0.05 * k)},${n(py)} Q${n(px - 0.1 * k)},${n(py - 0.15 * k)} ${n(px - 0.015 * k)},${n(py - 0.3 * k)} L${n(px + 0.015 * k)},${n(py - 0.3 * k)} Q${n(px + 0.1 * k)},${n(py - 0.15 * k)} ${n(px + 0.05 * k)},${n(py)}Z`,
      C.gold,
    ),
  );
  const top = py - 0.5 * k;
  out.push(
    poly(
      [
        [px - 0.1 * k, top],
        [px + 0.1 * k, top],
        [px + 0.17 * k, py - 0.27 * k],
        [px - 0.17 * k, py - 0.27 * k],
      ],
      '#fde7b0',
    ),
  );
  out.push(
    poly(
      [
        [px - 0.1 * k, top],
        [px + 0.1 * k, top],
        [px + 0.17 * k, py - 0.27 * k],
        [px - 0.17 * k, py - 0.27 * k],
      ],
      room.s.lin([
        [0, '#fff6d8'],
        [1, '#f3c66b'],
      ]),
    ),
  );
  out.push(ell(px, py - 0.27 * k, 0.17 * k, 0.025 * k, '#fff3c9'));
  return out.join('');
}

/**
 * A rug on the floor with a border pattern.
 * @param {Room} room @param {number} x0 @param {number} x1 @param {number} z0 @param {number} z1
 * @param {string} col @param {string} border
 */
function rug(room, x0, x1, z0, z1, col, border) {
  const out = [];
  out.push(
    room.poly(
      [
        [x0, 0.01, z0],
        [x1, 0.01, z0],
        [x1, 0.01, z1],
        [x0, 0.01, z1],
      ],
      border,
    ),
  );
  const i = 0.12;
  out.push(
    room.poly(
      [
        [x0 + i, 0.011, z0 + i],
        [x1 - i, 0.011, z0 + i],
        [x1 - i, 0.011, z1 - i],
        [x0 + i, 0.011, z1 - i],
      ],
      col,
    ),
  );
  const cx = (x0 + x1) / 2;
  const cz = (z0 + z1) / 2;
  const dx = (x1 - x0) * 0.25;
  const dz = (z1 - z0) * 0.25;
  out.push(
    room.poly(
      [
        [cx, 0.012, cz - dz],
        [cx + dx, 0.012, cz],
        [cx, 0.012, cz + dz],
        [cx - dx, 0.012, cz],
      ],
      border,
      'opacity="0.85"',
    ),
  );
  out.push(
    room.poly(
      [
        [cx, 0.013, cz - dz * 0.5],
        [cx + dx * 0.5, 0.013, cz],
        [cx, 0.013, cz + dz * 0.5],
        [cx - dx * 0.5, 0.013, cz],
      ],
      C.gold,
      'opacity="0.8"',
    ),
  );
  return out.join('');
}

/**
 * An armchair (or, wider, a sofa) facing the camera, with cushions.
 * @param {Room} room @param {number} x centre @param {number} z front @param {number} w width @param {string} col
 * @param {string} [cushion]
 */
function seat(room, x, z, w, col, cushion) {
  const out = [];
  const d = 0.85;
  out.push(
    room.box({ x0: x - w / 2, x1: x + w / 2, y0: 0.4, y1: 0.85, z0: z + d - 0.2, z1: z + d }, darken(col, 0.05)),
  );
  out.push(room.box({ x0: x - w / 2, x1: x + w / 2, y0: 0.05, y1: 0.42, z0: z, z1: z + d - 0.2 }, darken(col, 0.1)));
  out.push(
    room.soft(
      { x0: x - w / 2 + 0.14, x1: x + w / 2 - 0.14, y0: 0.38, y1: 0.5, z0: z + 0.02, z1: z + d - 0.2 },
      col,
      0.2,
    ),
  );
  out.push(room.box({ x0: x - w / 2, x1: x - w / 2 + 0.14, y0: 0.05, y1: 0.62, z0: z, z1: z + d }, col));
  out.push(room.box({ x0: x + w / 2 - 0.14, x1: x + w / 2, y0: 0.05, y1: 0.62, z0: z, z1: z + d }, col));
  if (cushion) {
    const c = Math.max(1, Math.round((w - 0.3) / 0.55));
    const cw = (w - 0.3) / c;
    for (let i = 0; i < c; i++) {
      const x0 = x - w / 2 + 0.15 + i * cw;
      out.push(
        room.soft(
          { x0: x0 + 0.08, x1: x0 + cw - 0.08, y0: 0.46, y1: 0.74, z0: z + d - 0.3, z1: z + d - 0.21 },
          i % 2 ? C.gold : cushion,
          0.35,
        ),
      );
    }
  }
  return out.join('');
}

/**
 * A low table with legs.
 * @param {Room} room @param {Box} b top slab @param {string} col
 */
function table(room, b, col) {
  const out = [];
  const leg = 0.05;
  for (const [x, z] of [
    [b.x0 + 0.04, b.z1 - 0.04 - leg],
    [b.x1 - 0.04 - leg, b.z1 - 0.04 - leg],
    [b.x0 + 0.04, b.z0 + 0.04],
    [b.x1 - 0.04 - leg, b.z0 + 0.04],
  ]) {
    out.push(room.box({ x0: x, x1: x + leg, y0: 0, y1: b.y0, z0: z, z1: z + leg }, darken(col, 0.2)));
  }
  out.push(room.box(b, col));
  return out.join('');
}

/**
 * A tea cup set on a table top at (x, y, z) in room space.
 * @param {Room} room @param {number} x @param {number} y @param {number} z @param {string} [cup]
 */
function roomCup(room, x, y, z, cup) {
  const [px, py] = room.p(x, y, z);
  return teaCup(px, py, room.k(z) * 0.09, cup);
}

/**
 * A framed painting on a side wall (-1 left, 1 right), z0..z1 along the wall, y0..y1 in height.
 * @param {Room} room @param {-1 | 1} side @param {number} z0 @param {number} z1 @param {number} y0 @param {number} y1
 * @param {string} col
 */
function sideFrame(room, side, z0, z1, y0, y1, col) {
  const x = (side * room.W) / 2 - side * 0.01;
  const out = [];
  out.push(
    room.poly(
      [
        [x, y0, z0],
        [x, y0, z1],
        [x, y1, z1],
        [x, y1, z0],
      ],
      C.woodDark,
    ),
  );
  const i = 0.08;
  out.push(
    room.poly(
      [
        [x, y0 + i, z0 + i],
        [x, y0 + i, z1 - i],
        [x, y1 - i, z1 - i],
        [x, y1 - i, z0 + i],
      ],
      col,
    ),
  );
  // A simple painted landscape: a mountain and a sun.
  const zm = (z0 + z1) / 2;
  out.push(
    room.poly(
      [
        [x, y0 + i, z0 + i],
        [x, y0 + i, z1 - i],
        [x, y1 - 0.35, zm + 0.15],
      ],
      '#f2e6cf',
      'opacity="0.9"',
    ),
  );
  out.push(
    room.poly(
      [
        [x, y0 + i, z0 + i],
        [x, y0 + i, zm + 0.3],
        [x, y1 - 0.3, zm - 0.25],
      ],
      '#d9c7a6',
      'opacity="0.9"',
    ),
  );
  const [sx, sy] = room.p(x, y1 - 0.2, zm + 0.25);
  out.push(circ(sx, sy, room.k(zm) * 0.06, C.gold));
  return out.join('');
}

/**
 * A potted plant standing on the floor at (x, z).
 * @param {Room} room @param {number} x @param {number} z @param {number} size pot width in metres
 * @param {'marigold' | 'leafy' | 'geranium'} kind
 */
function roomPlant(room, x, z, size, kind) {
  const [px, py] = room.p(x, 0, z);
  return potPlant(room.s, px, py, size * room.k(z), kind);
}

/**
 * A wall sconce / hanging lamp glow (decoration only).
 * @param {Room} room @param {number} x @param {number} y @param {number} z
 */
function pendant(room, x, y, z) {
  const k = room.k(z);
  const [px, py] = room.p(x, y, z);
  const [, ty] = room.p(x, room.H, z);
  return (
    room.glow(x, y, z, 1.1) +
    line(px, ty, px, py - 0.2 * k, '#2b1a14', Math.max(1.5, k * 0.01)) +
    pth(
      `M${n(px - 0.16 * k)},${n(py)} Q${n(px - 0.16 * k)},${n(py - 0.22 * k)} ${n(px)},${n(py - 0.22 * k)} Q${n(px + 0.16 * k)},${n(py - 0.22 * k)} ${n(px + 0.16 * k)},${n(py)}Z`,
      C.saffron,
    ) +
    ell(px, py, 0.16 * k, 0.03 * k, '#ffe3a3')
  );
}

/**
 * An upright cylinder standing at (x, z): cushions, pots, stools.
 * @param {Room} room @param {number} x @param {number} z @param {number} r radius @param {number} y0 @param {number} y1
 * @param {string} col @param {string} [top]
 */
function cyl(room, x, z, r, y0, y1, col, top) {
  const k = room.k(z);
  const [px, pb] = room.p(x, y0, z);
  const [, pt] = room.p(x, y1, z);
  const rx = r * k;
  const ryB = Math.max(1, (r * k * (room.eye - y0)) / z);
  const ryT = Math.max(1, (r * k * (room.eye - y1)) / z);
  return (
    ell(px, pb, rx, ryB, darken(col, 0.15)) +
    rect(
      px - rx,
      pt,
      2 * rx,
      pb - pt,
      room.s.lin(
        [
          [0, darken(col, 0.15)],
          [0.4, col],
          [1, darken(col, 0.3)],
        ],
        0,
        0,
        1,
        0,
      ),
    ) +
    ell(px, pt, rx, ryT, top ?? lighten(col, 0.12))
  );
}

/**
 * A dining chair facing away from the camera (its back towards us) or towards it.
 * @param {Room} room @param {number} x @param {number} z front of the seat @param {'away' | 'toward'} facing
 * @param {string} [col]
 */
function chair(room, x, z, facing, col = C.woodDark) {
  const out = [];
  const w = 0.44;
  const d = 0.44;
  const back = facing === 'away' ? z : z + d - 0.05;
  const legs = [
    [x - w / 2, z],
    [x + w / 2 - 0.04, z],
    [x - w / 2, z + d - 0.04],
    [x + w / 2 - 0.04, z + d - 0.04],
  ];
  const far =
    facing === 'away'
      ? []
      : [room.box({ x0: x - w / 2, x1: x + w / 2, y0: 0.45, y1: 0.95, z0: back, z1: back + 0.05 }, col)];
  out.push(...far);
  for (const [lx, lz] of legs)
    out.push(room.box({ x0: lx, x1: lx + 0.04, y0: 0, y1: 0.45, z0: lz, z1: lz + 0.04 }, darken(col, 0.15)));
  out.push(room.box({ x0: x - w / 2, x1: x + w / 2, y0: 0.42, y1: 0.47, z0: z, z1: z + d }, col));
  out.push(
    room.soft(
      { x0: x - w / 2 + 0.03, x1: x + w / 2 - 0.03, y0: 0.47, y1: 0.52, z0: z + 0.03, z1: z + d - 0.03 },
      C.maroon,
      0.3,
    ),
  );
  if (facing === 'away') {
    out.push(room.box({ x0: x - w / 2, x1: x - w / 2 + 0.04, y0: 0.45, y1: 0.95, z0: back, z1: back + 0.04 }, col));
    out.push(room.box({ x0: x + w / 2 - 0.04, x1: x + w / 2, y0: 0.45, y1: 0.95, z0: back, z1: back + 0.04 }, col));
    out.push(room.box({ x0: x - w / 2, x1: x + w / 2, y0: 0.72, y1: 0.95, z0: back, z1: back + 0.04 }, col));
  }
  return out.join('');
}

/**
 * A door opening in the back wall onto a balcony: frame, opened glazed doors, balcony with railing, chairs and
 * flowers, and the view beyond.
 * @param {Room} room
 * @param {{ x0: number, x1: number, h?: number, view?: Parameters<typeof windowView>[2], chairs?: boolean,
 *   flowers?: 'all' | 'ends' }} o
 */
function balconyDoor(room, o) {
  const s = room.s;
  const h = o.h ?? 2.3;
  const D = room.D;
  const r = room.backRect(o.x0, o.x1, 0, h);
  const out = [];
  const inner = [];
  inner.push(windowView(s, { x: r.x, y: r.y - r.h * 0.1, w: r.w, h: r.h * 0.95 }, o.view ?? {}));
  // Balcony floor (terracotta tiles), a low wall at each side, the railing.
  const bd = 1.5;
  inner.push(
    room.poly(
      [
        [o.x0 - 1, 0, D],
        [o.x1 + 1, 0, D],
        [o.x1 + 1, 0, D + bd],
        [o.x0 - 1, 0, D + bd],
      ],
      '#b8643e',
    ),
  );
  for (let X = o.x0 - 1; X < o.x1 + 1; X += 0.3) {
    const a = room.p(X, 0, D);
    const b = room.p(X, 0, D + bd);
    inner.push(line(a[0], a[1], b[0], b[1], '#8e4a2c', 1.2));
  }
  for (let Z = D; Z < D + bd; Z += 0.3) {
    const a = room.p(o.x0 - 1, 0, Z);
    const b = room.p(o.x1 + 1, 0, Z);
    inner.push(line(a[0], a[1], b[0], b[1], '#8e4a2c', 1.2));
  }
  if (o.chairs !== false) {
    const mx = (o.x0 + o.x1) / 2;
    inner.push(
      table(room, { x0: mx - 0.25, x1: mx + 0.25, y0: 0.6, y1: 0.64, z0: D + 0.55, z1: D + 0.95 }, C.woodLight),
    );
    inner.push(roomCup(room, mx - 0.1, 0.64, D + 0.7));
    inner.push(roomCup(room, mx + 0.12, 0.64, D + 0.75));
    inner.push(chair(room, mx - 0.6, D + 0.5, 'toward', '#7a4a2a'));
    inner.push(chair(room, mx + 0.6, D + 0.5, 'toward', '#7a4a2a'));
  }
  // Railing: posts and rails in dark painted iron.
  const rz = D + bd - 0.1;
  const rail = '#3b2a22';
  for (let X = o.x0 - 1; X <= o.x1 + 1; X += 0.16) {
    const a = room.p(X, 0, rz);
    const b = room.p(X, 1.0, rz);
    inner.push(line(a[0], a[1], b[0], b[1], rail, Math.max(2, room.k(rz) * 0.018)));
  }
  for (const Y of [1.0, 0.92, 0.1]) {
    const a = room.p(o.x0 - 1, Y, rz);
    const b = room.p(o.x1 + 1, Y, rz);
    inner.push(line(a[0], a[1], b[0], b[1], rail, room.k(rz) * 0.035));
  }
  // Flower pots on the railing (only at the ends when the view matters more).
  const fb0 = room.p(o.x0 - 0.2, 1.0, rz);
  const fb1 = room.p(o.x1 + 0.2, 1.0, rz);
  const mid = (fb0[0] + fb1[0]) / 2;
  const gap = o.flowers === 'ends' ? (fb1[0] - fb0[0]) * 0.32 : 0;
  for (let x = fb0[0]; x < fb1[0]; x += room.k(rz) * 0.28) {
    if (Math.abs(x - mid) < gap) continue;
    inner.push(potPlant(s, x, fb0[1], room.k(rz) * 0.2, s.r.chance(0.6) ? 'marigold' : 'geranium'));
  }
  out.push(g(inner.join(''), s.clip(rect(r.x, r.y, r.w, r.h, '#000'))));
  // Door frame.
  const k = room.k(D);
  const fw = 0.1 * k;
  out.push(
    rect(r.x - fw, r.y - fw, fw, r.h + fw, C.woodDark),
    rect(r.x + r.w, r.y - fw, fw, r.h + fw, C.woodDark),
    rect(r.x - fw * 1.5, r.y - fw * 1.8, r.w + fw * 3, fw * 1.2, C.woodDark),
  );
  for (let x = r.x - fw * 1.3; x < r.x + r.w + fw * 1.3; x += fw * 0.6)
    out.push(rect(x, r.y - fw * 1.6, fw * 0.3, fw * 0.6, C.woodLight, 'opacity="0.7"'));
  // Two glazed doors folded open into the room.
  const pw = (o.x1 - o.x0) / 2;
  for (const side of [-1, 1]) {
    const hx = side < 0 ? o.x0 : o.x1;
    const a = 1.15;
    const ez = D - pw * Math.sin(a);
    const X2 = hx - side * pw * Math.cos(a);
    out.push(
      room.poly(
        [
          [hx, 0, D],
          [X2, 0, ez],
          [X2, h, ez],
          [hx, h, D],
        ],
        C.woodDark,
      ),
    );
    const t = 0.12;
    const lerp = (/** @type {number} */ u) => [hx + (X2 - hx) * u, D + (ez - D) * u];
    const [ax, az] = lerp(t);
    const [bx, bz] = lerp(1 - t);
    out.push(
      room.poly(
        [
          [ax, 0.25, az],
          [bx, 0.25, bz],
          [bx, h - 0.12, bz],
          [ax, h - 0.12, az],
        ],
        '#a9cfe6',
        'opacity="0.55"',
      ),
    );
    const [mx, mz] = lerp(0.5);
    const m0 = room.p(mx, 0.25, mz);
    const m1 = room.p(mx, h - 0.12, mz);
    out.push(line(m0[0], m0[1], m1[0], m1[1], C.woodDark, room.k(mz) * 0.04));
  }
  return out.join('');
}

/**
 * A kitchenette along the back wall from x0 to x1: base cabinets, worktop, sink, two-ring stove with a kettle,
 * open shelves with jars and cups, and a small fridge at one end.
 * @param {Room} room @param {number} x0 @param {number} x1 @param {{ fridge?: 'left' | 'right' | null, window?: boolean }} [o]
 */
function kitchenette(room, x0, x1, o = {}) {
  const s = room.s;
  const D = room.D;
  const out = [];
  const z0 = D - 0.6;
  let a = x0;
  let b = x1;
  if (o.fridge) {
    const fx0 = o.fridge === 'left' ? x0 : x1 - 0.6;
    out.push(room.box({ x0: fx0, x1: fx0 + 0.6, y0: 0, y1: 1.5, z0, z1: D }, '#e9e4da'));
    const h1 = room.p(fx0 + (o.fridge === 'left' ? 0.5 : 0.1), 1.3, z0);
    const h2 = room.p(fx0 + (o.fridge === 'left' ? 0.5 : 0.1), 0.9, z0);
    out.push(line(h1[0], h1[1], h2[0], h2[1], '#9a958c', room.k(z0) * 0.02));
    const l1 = room.p(fx0, 1.0, z0);
    const l2 = room.p(fx0 + 0.6, 1.0, z0);
    out.push(line(l1[0], l1[1], l2[0], l2[1], '#b9b3a8', 1.5));
    if (o.fridge === 'left') a += 0.62;
    else b -= 0.62;
  }
  // Tiled splash-back.
  const sb = room.backRect(a, b, 0.9, 1.5);
  out.push(rect(sb.x, sb.y, sb.w, sb.h, '#e7d3b0'));
  const tile = room.k(D) * 0.15;
  for (let x = sb.x; x <= sb.x + sb.w; x += tile) out.push(line(x, sb.y, x, sb.y + sb.h, '#cbb38e', 1));
  for (let y = sb.y; y <= sb.y + sb.h; y += tile) out.push(line(sb.x, y, sb.x + sb.w, y, '#cbb38e', 1));
  if (o.window) {
    const wx = (a + b) / 2;
    out.push(
      backWindow(room, { x0: wx - 0.45, x1: wx + 0.45, y0: 1.15, y1: 2.05, light: false, view: { mood: 'day' } }),
    );
  } else {
    // Open shelves with jars and cups.
    for (const Y of [1.75, 2.15]) {
      out.push(room.box({ x0: a, x1: b, y0: Y - 0.04, y1: Y, z0: D - 0.28, z1: D }, C.woodLight));
      for (let X = a + 0.12; X < b - 0.1; X += s.r.range(0.16, 0.26)) {
        const col = s.r.pick(['#e2b04a', '#b45309', '#6b1d1d', '#f6efe2', '#2e7d32', '#1e3f7a', '#c9744a']);
        const hh = s.r.range(0.1, 0.22);
        out.push(cyl(room, X, D - 0.14, s.r.range(0.04, 0.06), Y, Y + hh, col));
      }
    }
  }
  // Base cabinets and worktop.
  out.push(room.box({ x0: a, x1: b, y0: 0.08, y1: 0.86, z0, z1: D }, '#8c5a36'));
  const doors = Math.max(2, Math.round((b - a) / 0.5));
  for (let i = 0; i < doors; i++) {
    const dx0 = a + ((b - a) * i) / doors + 0.03;
    const dx1 = a + ((b - a) * (i + 1)) / doors - 0.03;
    const p0 = room.p(dx0, 0.8, z0);
    const p1 = room.p(dx1, 0.14, z0);
    out.push(rect(p0[0], p0[1], p1[0] - p0[0], p1[1] - p0[1], '#9b6a43'));
    out.push(
      rect(
        p0[0] + 4,
        p0[1] + 4,
        p1[0] - p0[0] - 8,
        p1[1] - p0[1] - 8,
        'none',
        `stroke="${darken('#9b6a43', 0.25)}" stroke-width="1.5"`,
      ),
    );
    const kx = i % 2 ? p0[0] + 10 : p1[0] - 10;
    out.push(circ(kx, p0[1] + (p1[1] - p0[1]) * 0.2, room.k(z0) * 0.012, C.gold));
  }
  out.push(room.box({ x0: a - 0.02, x1: b + 0.02, y0: 0.86, y1: 0.91, z0: z0 - 0.03, z1: D }, '#d8c7a8'));
  // Sink with a tap.
  const sx = a + (b - a) * 0.3;
  out.push(
    room.poly(
      [
        [sx - 0.25, 0.911, z0 + 0.1],
        [sx + 0.25, 0.911, z0 + 0.1],
        [sx + 0.25, 0.911, D - 0.12],
        [sx - 0.25, 0.911, D - 0.12],
      ],
      '#a9b1b6',
    ),
  );
  out.push(cyl(room, sx, D - 0.08, 0.02, 0.91, 1.15, '#c7ccd0'));
  const t0 = room.p(sx, 1.15, D - 0.08);
  const t1 = room.p(sx, 1.12, z0 + 0.3);
  out.push(line(t0[0], t0[1], t1[0], t1[1], '#c7ccd0', room.k(D) * 0.03));
  // Stove, kettle and a pot.
  const kx = a + (b - a) * 0.72;
  out.push(room.box({ x0: kx - 0.3, x1: kx + 0.3, y0: 0.91, y1: 0.95, z0: z0 + 0.05, z1: D - 0.05 }, '#2c2c2c'));
  out.push(cyl(room, kx - 0.14, D - 0.3, 0.12, 0.95, 1.12, '#c0c6ca'));
  const sp = room.p(kx - 0.14, 1.05, D - 0.3);
  out.push(
    line(
      sp[0] + room.k(D) * 0.1,
      sp[1],
      sp[0] + room.k(D) * 0.2,
      sp[1] - room.k(D) * 0.08,
      '#c0c6ca',
      room.k(D) * 0.025,
    ),
  );
  out.push(cyl(room, kx + 0.15, D - 0.3, 0.11, 0.95, 1.1, C.maroon));
  // A chopping board with vegetables.
  const cb = a + (b - a) * 0.5;
  out.push(room.box({ x0: cb - 0.15, x1: cb + 0.15, y0: 0.91, y1: 0.93, z0: z0 + 0.1, z1: z0 + 0.35 }, C.woodLight));
  const [vx, vy] = room.p(cb, 0.94, z0 + 0.22);
  out.push(
    circ(vx - room.k(z0) * 0.05, vy - 3, room.k(z0) * 0.035, '#d9302c'),
    circ(vx + room.k(z0) * 0.05, vy - 3, room.k(z0) * 0.03, '#4f7d3a'),
  );
  return out.join('');
}

/* ------------------------------------------------------------------------------------------------------------ */
/* Room pictures                                                                                                  */
/* ------------------------------------------------------------------------------------------------------------ */

/**
 * One double bed between two lamps, a thangka above, a curtained window with a mountain view.
 * @param {Scene} s @param {{ wall?: string, runner?: string, mood?: Mood }} [o]
 */
function drawDeluxeDouble(s, o = {}) {
  const room = new Room(s, { D: 5.4, camX: 0.35, wall: o.wall ?? '#f0dcc0' });
  const D = room.D;
  s.add(room.shell());
  s.add(
    backWindow(room, { x0: 1.15, x1: 2.25, y0: 0.85, y1: 2.3, curtains: '#b45309', view: { mood: o.mood ?? 'day' } }),
  );
  s.add(room.glow(-1.85, 0.85, D - 0.2), room.glow(0.85, 0.85, D - 0.2));
  const t = room.backRect(-0.45, -0.45, 2.62, 2.62);
  s.add(thangka(s, t.x, t.y, room.k(D) * 0.48, 'buddha'));
  s.add(sideFrame(room, -1, 3.7, 4.7, 1.2, 2.0, '#1e3f7a'));
  s.add(rug(room, -2.1, 1.1, 2.2, 3.9, '#8c2f2a', '#1e3f7a'));
  s.add(nightstand(room, -1.85, D - 0.45), nightstand(room, 0.95, D - 0.45));
  s.add(bed(room, { x: -0.45, zHead: D, w: 1.8, runner: o.runner ?? C.maroon }));
  s.add(seat(room, 1.8, 3.3, 0.95, '#2f5f6a', C.saffron));
  s.add(roomPlant(room, -2.25, 2.5, 0.45, 'leafy'));
}

/**
 * Two single beds with a shared bedside table and a window above it.
 * @param {Scene} s @param {{ wall?: string, runner?: string, mood?: Mood }} [o]
 */
function drawDeluxeTwin(s, o = {}) {
  const room = new Room(s, { D: 5.4, camX: 0.1, wall: o.wall ?? '#efe0c8', side: '#e6d2b2' });
  const D = room.D;
  s.add(room.shell());
  s.add(
    backWindow(room, {
      x0: -0.45,
      x1: 0.45,
      y0: 1.35,
      y1: 2.45,
      curtains: null,
      view: { mood: o.mood ?? 'day' },
      light: false,
    }),
  );
  s.add(room.glow(0, 0.85, D - 0.2, 1.4));
  s.add(sideFrame(room, -1, 3.7, 4.7, 1.2, 2.0, '#6b1d1d'));
  s.add(sideFrame(room, 1, 3.9, 4.6, 1.3, 1.9, '#1e3f7a'));
  s.add(rug(room, -0.45, 0.45, 1.8, 4.9, '#1e3f7a', '#b45309'));
  s.add(nightstand(room, 0, D - 0.45));
  s.add(bed(room, { x: -1.05, zHead: D, w: 1.05, runner: o.runner ?? C.maroon }));
  s.add(bed(room, { x: 1.05, zHead: D, w: 1.05, runner: o.runner ?? C.maroon }));
  s.add(roomPlant(room, -2.3, 2.6, 0.4, 'leafy'));
}

/**
 * A double bed at the side and glazed doors open onto a balcony with chairs, flowers and a rooftop view.
 * @param {Scene} s
 */
function drawBalconyRoom(s) {
  const room = new Room(s, { D: 5.2, camX: 0.5, wall: '#f2e2c6' });
  const D = room.D;
  s.add(room.shell());
  s.add(balconyDoor(room, { x0: -0.2, x1: 1.6, view: { mood: 'day' } }));
  s.add(
    room.poly(
      [
        [-0.2, 0, D],
        [1.6, 0, D],
        [2.2, 0, D - 2.4],
        [0.2, 0, D - 2.4],
      ],
      '#fff4d6',
      'opacity="0.2"',
    ),
  );
  s.add(room.glow(-2.0, 0.9, D - 1.2));
  s.add(
    thangka(
      s,
      room.backRect(-1.6, -1.6, 2.5, 2.5).x,
      room.backRect(-1.6, -1.6, 2.5, 2.5).y,
      room.k(D) * 0.32,
      'mandala',
    ),
  );
  s.add(nightstand(room, -2.2, D - 0.45, false));
  s.add(tableLamp(room, -2.2, 0.55, D - 0.24));
  s.add(bed(room, { x: -1.25, zHead: D, w: 1.6, runner: C.saffron }));
  s.add(roomPlant(room, 2.3, 3.0, 0.45, 'leafy'));
}

/**
 * A larger suite: bed at the back, and a sitting area with sofa, armchair and tea on a low table in front.
 * @param {Scene} s
 */
function drawSuite(s) {
  const room = new Room(s, { W: 7.4, D: 6.6, camX: 0.2, f: 0.55, wall: '#f0dcc0' });
  const D = room.D;
  s.add(room.shell());
  s.add(backWindow(room, { x0: 1.0, x1: 2.4, y0: 0.8, y1: 2.4, curtains: '#6b1d1d', view: { mood: 'day' } }));
  s.add(room.glow(-2.9, 0.85, D - 0.2), room.glow(-0.3, 0.85, D - 0.2));
  const t = room.backRect(-1.6, -1.6, 2.62, 2.62);
  s.add(thangka(s, t.x, t.y, room.k(D) * 0.44, 'mandala'));
  s.add(sideFrame(room, -1, 3.9, 5.2, 1.2, 2.1, C.saffron));
  s.add(nightstand(room, -2.9, D - 0.45), nightstand(room, -0.3, D - 0.45));
  s.add(bed(room, { x: -1.6, zHead: D, w: 1.9 }));
  s.add(rug(room, -0.6, 3.2, 2.2, 4.3, '#8c2f2a', '#d4a017'));
  s.add(roomPlant(room, 3.4, 5.9, 0.45, 'leafy'));
  s.add(seat(room, 2.9, 3.9, 0.9, '#2f5f6a', C.saffron));
  s.add(seat(room, 1.2, 4.3, 2.0, '#b45309', C.maroon));
  s.add(table(room, { x0: 0.5, x1: 2.1, y0: 0.38, y1: 0.44, z0: 2.6, z1: 3.3 }, C.woodDark));
  s.add(roomCup(room, 0.9, 0.44, 2.9), roomCup(room, 1.25, 0.44, 3.0));
  const [bx, by] = room.p(1.7, 0.44, 2.95);
  s.add(ell(bx, by, room.k(2.95) * 0.16, room.k(2.95) * 0.04, '#d9c7a6'));
  for (let i = 0; i < 5; i++)
    s.add(
      circ(
        bx - room.k(2.95) * 0.08 + i * room.k(2.95) * 0.04,
        by - 6,
        room.k(2.95) * 0.03,
        i % 2 ? '#e8731a' : '#d4a017',
      ),
    );
  s.add(pendant(room, 1.3, 2.1, 3.2));
}

/**
 * A picture window framing the stupa, a cushioned window seat with tea, and the bed at one side.
 * @param {Scene} s @param {{ mood?: Mood }} [o]
 */
function drawStupaView(s, o = {}) {
  const room = new Room(s, { D: 4.6, camX: -0.1, wall: '#f3e3c8', hy: 0.45 });
  const D = room.D;
  s.add(room.shell());
  s.add(
    backWindow(room, {
      x0: -1.45,
      x1: 1.45,
      y0: 0.55,
      y1: 2.5,
      panes: 3,
      curtains: '#b45309',
      view: { mood: o.mood ?? 'gold', stupa: 0.2, ground: 0.8, flags: true },
    }),
  );
  // Window seat.
  s.add(room.box({ x0: -1.6, x1: 1.6, y0: 0, y1: 0.45, z0: D - 0.55, z1: D }, C.woodDark));
  s.add(room.soft({ x0: -1.55, x1: 1.55, y0: 0.45, y1: 0.55, z0: D - 0.53, z1: D - 0.02 }, C.maroon, 0.2));
  for (const [x, col] of /** @type {[number, string][]} */ ([
    [-1.2, C.gold],
    [-0.75, C.saffron],
    [1.15, C.gold],
  ])) {
    s.add(room.soft({ x0: x - 0.2, x1: x + 0.2, y0: 0.52, y1: 0.9, z0: D - 0.2, z1: D - 0.08 }, col, 0.4));
  }
  s.add(table(room, { x0: -0.2, x1: 0.5, y0: 0.5, y1: 0.56, z0: D - 0.48, z1: D - 0.12 }, C.woodLight));
  s.add(roomCup(room, 0.0, 0.56, D - 0.3), roomCup(room, 0.3, 0.56, D - 0.3));
  s.add(bed(room, { x: room.W / 2, zHead: 2.6, w: 1.6, len: 2.0, side: 'right' }));
  s.add(rug(room, -1.8, 0.6, 1.7, 3.2, '#1e3f7a', '#b45309'));
  s.add(roomPlant(room, -2.2, 3.6, 0.45, 'leafy'));
}

/**
 * An apartment: kitchenette with fridge, sink and stove along the back wall, a dining table for two in front.
 * @param {Scene} s
 */
function drawApartment(s) {
  const room = new Room(s, { W: 6, D: 5.4, camX: 0.3, wall: '#f1e1c7', floorKind: 'wood' });
  s.add(room.shell());
  s.add(kitchenette(room, -2.8, 0.9, { fridge: 'left' }));
  s.add(backWindow(room, { x0: 1.4, x1: 2.5, y0: 0.9, y1: 2.3, curtains: '#2f5f6a', view: { mood: 'day' } }));
  s.add(pendant(room, 0.2, 2.0, 3.3));
  s.add(chair(room, 0.2, 3.9, 'toward'));
  s.add(table(room, { x0: -0.45, x1: 0.85, y0: 0.72, y1: 0.77, z0: 2.9, z1: 3.7 }, C.woodLight));
  s.add(roomCup(room, -0.1, 0.77, 3.2), roomCup(room, 0.5, 0.77, 3.25));
  const [fx, fy] = room.p(0.2, 0.77, 3.45);
  s.add(
    ell(fx, fy, room.k(3.45) * 0.15, room.k(3.45) * 0.04, '#f6efe2'),
    circ(fx - 8, fy - 6, room.k(3.45) * 0.04, '#e8731a'),
    circ(fx + 8, fy - 8, room.k(3.45) * 0.04, '#d9302c'),
    circ(fx + 2, fy - 14, room.k(3.45) * 0.04, '#d4a017'),
  );
  s.add(chair(room, 0.2, 2.35, 'away'));
  s.add(seat(room, 2.4, 3.6, 0.9, '#b45309', C.maroon));
  s.add(roomPlant(room, -2.7, 2.4, 0.4, 'leafy'));
}

/**
 * An apartment with a kitchen corner and doors open onto a balcony with the stupa beyond.
 * @param {Scene} s
 */
function drawApartmentBalcony(s) {
  const room = new Room(s, { W: 6.4, D: 5.2, camX: 0.4, wall: '#f2e2c6' });
  const D = room.D;
  s.add(room.shell());
  s.add(kitchenette(room, -3.2, -1.1, { fridge: null }));
  s.add(
    balconyDoor(room, {
      x0: -0.5,
      x1: 2.0,
      h: 2.4,
      chairs: false,
      flowers: 'ends',
      view: { mood: 'gold', stupa: 0.13, ground: 0.6, flags: true },
    }),
  );
  s.add(
    room.poly(
      [
        [-0.5, 0, D],
        [2.0, 0, D],
        [2.6, 0, D - 2.4],
        [0.1, 0, D - 2.4],
      ],
      '#ffe3b0',
      'opacity="0.2"',
    ),
  );
  s.add(roomPlant(room, 2.75, 4.7, 0.45, 'leafy'));
  s.add(seat(room, 2.3, 2.9, 1.6, '#2f5f6a', C.saffron));
  s.add(table(room, { x0: 1.7, x1: 2.9, y0: 0.38, y1: 0.43, z0: 1.95, z1: 2.5 }, C.woodDark));
  s.add(roomCup(room, 2.1, 0.43, 2.2), roomCup(room, 2.5, 0.43, 2.25));
  s.add(chair(room, -1.6, 3.4, 'toward'));
  s.add(table(room, { x0: -2.3, x1: -0.9, y0: 0.72, y1: 0.77, z0: 2.6, z1: 3.3 }, C.woodLight));
  s.add(pendant(room, -1.6, 2.1, 3.0));
}

/**
 * A simple monastic room: whitewashed walls with a maroon dado, a low bed, an altar with butter lamps and a
 * meditation cushion on its mat in the middle of the floor.
 * @param {Scene} s
 */
function drawAshram(s) {
  const room = new Room(s, { D: 5, camX: 0, wall: '#f5efe4', side: '#ece3d3', floor: '#8a5d3b', hy: 0.4, eye: 1.55 });
  const D = room.D;
  s.add(room.shell());
  // Maroon dado on every wall.
  const W2 = room.W / 2;
  s.add(
    room.poly(
      [
        [-W2, 0.1, D],
        [W2, 0.1, D],
        [W2, 0.9, D],
        [-W2, 0.9, D],
      ],
      C.maroon,
    ),
  );
  s.add(
    room.poly(
      [
        [-W2, 0.1, 0.6],
        [-W2, 0.1, D],
        [-W2, 0.9, D],
        [-W2, 0.9, 0.6],
      ],
      darken(C.maroon, 0.1),
    ),
  );
  s.add(
    room.poly(
      [
        [W2, 0.1, 0.6],
        [W2, 0.1, D],
        [W2, 0.9, D],
        [W2, 0.9, 0.6],
      ],
      darken(C.maroon, 0.15),
    ),
  );
  for (const [a, b] of /** @type {[number, number][]} */ ([
    [0.88, 0.9],
    [0.8, 0.82],
  ])) {
    s.add(
      room.poly(
        [
          [-W2, a, D],
          [W2, a, D],
          [W2, b, D],
          [-W2, b, D],
        ],
        C.gold,
      ),
    );
  }
  s.add(backWindow(room, { x0: 1.0, x1: 1.9, y0: 1.2, y1: 2.2, view: { mood: 'dawn' } }));
  // Altar: a low painted cabinet, a golden Buddha, butter lamps, a thangka above.
  const t = room.backRect(-0.6, -0.6, 2.7, 2.7);
  s.add(thangka(s, t.x, t.y, room.k(D) * 0.42, 'buddha'));
  s.add(room.glow(-0.6, 1.0, D - 0.3, 1.4, '#ffc060'));
  s.add(room.box({ x0: -1.2, x1: 0, y0: 0, y1: 0.75, z0: D - 0.5, z1: D }, '#a3322a'));
  for (const [x0, x1] of [
    [-1.12, -0.64],
    [-0.56, -0.08],
  ]) {
    const a = room.p(x0, 0.66, D - 0.5);
    const b = room.p(x1, 0.1, D - 0.5);
    s.add(rect(a[0], a[1], b[0] - a[0], b[1] - a[1], 'none', `stroke="${C.gold}" stroke-width="3"`));
    s.add(
      circ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (b[0] - a[0]) * 0.18, '#1e3f7a'),
      circ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (b[0] - a[0]) * 0.09, C.gold),
    );
  }
  const [ax, ay] = room.p(-0.6, 0.75, D - 0.3);
  const k = room.k(D - 0.3);
  s.add(buddhaStatue(ax, ay, k * 0.7));
  for (const dx of [-0.42, -0.26, 0.26, 0.42]) {
    const [lx, ly] = room.p(-0.6 + dx, 0.75, D - 0.12);
    s.add(butterLamp(s, lx, ly, room.k(D - 0.12) * 0.07));
  }
  // Low bed with a maroon blanket.
  s.add(room.box({ x0: 1.2, x1: 2.2, y0: 0, y1: 0.3, z0: 2.8, z1: D }, C.woodDark));
  s.add(room.soft({ x0: 1.22, x1: 2.18, y0: 0.3, y1: 0.42, z0: 2.8, z1: D - 0.02 }, '#e9dfcc', 0.1));
  s.add(room.soft({ x0: 1.2, x1: 2.2, y0: 0.33, y1: 0.46, z0: 2.75, z1: D - 0.6 }, C.maroon, 0.1));
  s.add(room.soft({ x0: 1.35, x1: 2.05, y0: 0.42, y1: 0.55, z0: D - 0.5, z1: D - 0.1 }, '#fbf7f0', 0.4));
  // The meditation cushion on its square mat.
  s.add(room.box({ x0: -1.0, x1: 0.0, y0: 0, y1: 0.06, z0: 2.5, z1: 3.4 }, C.saffron));
  s.add(cyl(room, -0.5, 2.95, 0.28, 0.06, 0.24, C.maroon));
  const [cx, cy] = room.p(-0.5, 0.24, 2.95);
  s.add(ell(cx, cy, room.k(2.95) * 0.22, room.k(2.95) * 0.05, lighten(C.maroon, 0.12)));
  s.add(ell(cx, cy, room.k(2.95) * 0.03, room.k(2.95) * 0.012, darken(C.maroon, 0.3)));
  for (let i = 0; i < 14; i++) {
    const a = (i / 14) * Math.PI * 2;
    const k = room.k(2.95);
    s.add(
      line(
        cx,
        cy,
        cx + Math.cos(a) * k * 0.2,
        cy + Math.sin(a) * k * 0.045,
        darken(C.maroon, 0.2),
        1.5,
        'opacity="0.6"',
      ),
    );
  }
  // Prayer beads and a singing bowl beside the mat.
  const [px, py] = room.p(0.35, 0.01, 2.8);
  const kb = room.k(2.8);
  s.add(
    pth(
      `M${n(px - kb * 0.14)},${n(py - kb * 0.02)} Q${n(px - kb * 0.13)},${n(py + kb * 0.1)} ${n(px)},${n(py + kb * 0.1)} Q${n(px + kb * 0.13)},${n(py + kb * 0.1)} ${n(px + kb * 0.14)},${n(py - kb * 0.02)}Z`,
      s.lin(
        [
          [0, C.goldDark],
          [0.5, C.goldLight],
          [1, C.goldDark],
        ],
        0,
        0,
        1,
        0,
      ),
    ),
  );
  s.add(ell(px, py - kb * 0.02, kb * 0.14, kb * 0.035, '#6e4a07'));
  for (let i = 0; i < 18; i++) {
    const a = (i / 18) * Math.PI * 2;
    s.add(
      circ(
        px - room.k(2.8) * 0.35 + Math.cos(a) * room.k(2.8) * 0.09,
        py + 8 + Math.sin(a) * room.k(2.8) * 0.03,
        room.k(2.8) * 0.012,
        '#5a2a1c',
      ),
    );
  }
}

/**
 * A seated golden Buddha statue on a lotus base, its base centre at (x, y).
 * @param {number} x @param {number} y @param {number} h height in px
 */
function buddhaStatue(x, y, h) {
  const u = h / 10;
  const gold = '#d4a017';
  const dark = '#9a6f0c';
  return [
    ell(x, y - u * 3.5, u * 3.6, u * 4.4, '#f2cf6b', 'opacity="0.35"'),
    pth(`M${n(x - u * 3.4)},${n(y)} Q${n(x)},${n(y - u * 1.4)} ${n(x + u * 3.4)},${n(y)}Z`, '#c0392b'),
    rect(x - u * 3.4, y - u * 0.1, u * 6.8, u * 0.3, dark),
    pth(
      `M${n(x - u * 3.2)},${n(y - u * 0.6)} Q${n(x - u * 3.4)},${n(y - u * 2.4)} ${n(x - u * 1.2)},${n(y - u * 2.5)} L${n(x + u * 1.2)},${n(y - u * 2.5)} Q${n(x + u * 3.4)},${n(y - u * 2.4)} ${n(x + u * 3.2)},${n(y - u * 0.6)}Z`,
      dark,
    ),
    pth(
      `M${n(x - u * 1.3)},${n(y - u * 6.6)} Q${n(x)},${n(y - u * 7)} ${n(x + u * 1.3)},${n(y - u * 6.6)} L${n(x + u * 2.2)},${n(y - u * 2.2)} L${n(x - u * 2.2)},${n(y - u * 2.2)}Z`,
      gold,
    ),
    pth(
      `M${n(x - u * 1.4)},${n(y - u * 6.4)} Q${n(x - u * 2.6)},${n(y - u * 4)} ${n(x - u * 0.5)},${n(y - u * 2.8)}`,
      'none',
      `stroke="${dark}" stroke-width="${n(u * 0.6)}"`,
    ),
    pth(
      `M${n(x + u * 1.4)},${n(y - u * 6.4)} Q${n(x + u * 2.6)},${n(y - u * 4)} ${n(x + u * 0.5)},${n(y - u * 2.8)}`,
      'none',
      `stroke="${dark}" stroke-width="${n(u * 0.6)}"`,
    ),
    circ(x, y - u * 7.9, u * 1.2, gold),
    circ(x, y - u * 9.2, u * 0.5, dark),
    ell(x, y - u * 2.8, u * 0.9, u * 0.35, '#f2cf6b'),
  ].join('');
}

/* ------------------------------------------------------------------------------------------------------------ */
/* Building blocks for elevations (flat, front-on views)                                                         */
/* ------------------------------------------------------------------------------------------------------------ */

/**
 * A brick wall (Newari red brick) over the rectangle.
 * @param {Scene} s @param {number} x @param {number} y @param {number} w @param {number} h @param {number} bw brick width
 */
function brickWall(s, x, y, w, h, bw) {
  const bh = bw * 0.36;
  const mortar = '#c9a888';
  const tile =
    rect(0, 0, bw * 2, bh * 2, mortar) +
    rect(1, 1, bw - 2, bh - 2, '#9a4a32') +
    rect(bw + 1, 1, bw - 2, bh - 2, '#a3553a') +
    rect(-bw / 2 + 1, bh + 1, bw - 2, bh - 2, '#8f432d') +
    rect(bw / 2 + 1, bh + 1, bw - 2, bh - 2, '#9f5036') +
    rect((bw * 3) / 2 + 1, bh + 1, bw - 2, bh - 2, '#8f432d');
  const out = [rect(x, y, w, h, s.pattern(bw * 2, bh * 2, tile))];
  // A few bricks in other tones, so the pattern does not look mechanical.
  for (let i = 0; i < (w * h) / (bw * bh * 12); i++) {
    const col = Math.floor(s.r.range(0, w / bw));
    const row = Math.floor(s.r.range(0, h / bh));
    const bx = x + col * bw + (row % 2 ? -bw / 2 : 0);
    out.push(
      rect(
        bx + 1,
        y + row * bh + 1,
        bw - 2,
        bh - 2,
        s.r.pick(['#7e3a26', '#b0613f', '#873f2a', '#a85a3c']),
        'opacity="0.8"',
      ),
    );
  }
  return g(out.join(''), s.clip(rect(x, y, w, h, '#000')));
}

/**
 * A carved Newari window: dark wood frame, lattice, projecting sill and lintel.
 * @param {Scene} s @param {number} x @param {number} y @param {number} w @param {number} h
 */
function newariWindow(s, x, y, w, h) {
  const out = [];
  const f = w * 0.1;
  out.push(rect(x - f * 2.2, y - f * 1.4, w + f * 4.4, f * 1.2, C.woodDark));
  out.push(rect(x - f * 1.6, y + h + f * 0.1, w + f * 3.2, f * 1.1, C.woodDark));
  out.push(rect(x - f, y - f * 0.2, w + f * 2, h + f * 0.4, '#3a2012'));
  out.push(rect(x, y, w, h, '#1c120c'));
  // Diagonal lattice.
  const lat = [];
  const step = w / 6;
  for (let k = -h; k < w + h; k += step) {
    lat.push(line(x + k, y, x + k + h, y + h, '#6b4226', f * 0.35));
    lat.push(line(x + k, y + h, x + k + h, y, '#6b4226', f * 0.35));
  }
  out.push(g(lat.join(''), s.clip(rect(x, y, w, h, '#000'))));
  for (let i = 0; i < 7; i++)
    out.push(rect(x - f * 2 + ((w + f * 4) * i) / 7, y - f * 1.2, f * 0.6, f * 0.8, C.woodLight, 'opacity="0.6"'));
  return out.join('');
}

/**
 * A garland of marigolds hanging in a swag between two points.
 * @param {Scene} s @param {number} x1 @param {number} y1 @param {number} x2 @param {number} y2 @param {number} sag
 * @param {number} r flower radius
 */
function garland(s, x1, y1, x2, y2, sag, r) {
  const out = [];
  const len = Math.hypot(x2 - x1, y2 - y1) + sag;
  const m = Math.floor(len / (r * 1.5));
  for (let i = 0; i <= m; i++) {
    const t = i / m;
    const x = x1 + (x2 - x1) * t;
    const y = y1 + (y2 - y1) * t + sag * 4 * t * (1 - t);
    const col = s.r.pick([C.marigold, C.marigoldDeep, '#fbbf24', C.marigold]);
    out.push(circ(x, y, r, col), circ(x - r * 0.25, y - r * 0.25, r * 0.55, lighten(col, 0.25)));
  }
  return out.join('');
}

/**
 * A strand of marigolds hanging straight down.
 * @param {Scene} s @param {number} x @param {number} y @param {number} len @param {number} r
 */
function strand(s, x, y, len, r) {
  let out = '';
  for (let yy = y; yy < y + len; yy += r * 1.5) {
    const col = s.r.pick([C.marigold, C.marigoldDeep, '#fbbf24']);
    out += circ(x, yy, r, col) + circ(x - r * 0.25, yy - r * 0.25, r * 0.5, lighten(col, 0.25));
  }
  return out;
}

/**
 * A flat floor band of wooden boards (front-on view) from y to the bottom.
 * @param {Scene} s @param {number} y @param {string} col
 */
function boardsFloor(s, y, col) {
  const out = [
    rect(
      0,
      y,
      s.w,
      s.h - y,
      s.lin([
        [0, darken(col, 0.1)],
        [1, col],
      ]),
    ),
  ];
  let yy = y;
  let hh = (s.h - y) * 0.08;
  while (yy < s.h) {
    out.push(line(0, yy, s.w, yy, darken(col, 0.25), 2));
    let x = s.r.range(-200, 0);
    while (x < s.w) {
      const len = s.r.range(200, 500);
      out.push(line(x, yy, x, yy + hh, darken(col, 0.25), 2));
      if (s.r.chance(0.4))
        out.push(rect(x, yy, len, hh, s.r.chance(0.5) ? lighten(col, 0.06) : darken(col, 0.06), 'opacity="0.7"'));
      x += len;
    }
    yy += hh;
    hh *= 1.25;
  }
  return out.join('');
}

/**
 * Terracotta roof tiles in a simple perspective band (a terrace floor).
 * @param {Scene} s @param {number} y top of the floor @param {string} col @param {number} [vx] vanishing point x
 */
function terraceFloor(s, y, col, vx = s.w / 2) {
  const out = [
    rect(
      0,
      y,
      s.w,
      s.h - y,
      s.lin([
        [0, darken(col, 0.12)],
        [1, col],
      ]),
    ),
  ];
  const vy = y - s.h * 0.5;
  for (let i = -20; i <= 20; i++) {
    const xb = vx + i * s.w * 0.09;
    const t = (y - vy) / (s.h - vy);
    out.push(line(vx + (xb - vx) * t, y, xb, s.h, darken(col, 0.2), 1.5));
  }
  let yy = y;
  let step = (s.h - y) * 0.05;
  while (yy < s.h) {
    out.push(line(0, yy, s.w, yy, darken(col, 0.2), 1.5));
    yy += step;
    step *= 1.3;
  }
  return out.join('');
}

/* ------------------------------------------------------------------------------------------------------------ */
/* Hotel pictures                                                                                                 */
/* ------------------------------------------------------------------------------------------------------------ */

/**
 * The guesthouse entrance: brick wall, carved wooden door with a torana, marigold garlands and potted marigolds.
 * @param {Scene} s
 */
function drawAboutStory(s) {
  const { w, h } = s;
  s.add(brickWall(s, 0, 0, w, h, w * 0.035));
  // Upper windows.
  s.add(newariWindow(s, w * 0.08, h * 0.1, w * 0.14, h * 0.2), newariWindow(s, w * 0.78, h * 0.1, w * 0.14, h * 0.2));
  s.add(flagString(s, { x1: -20, y1: h * 0.03, x2: w + 20, y2: h * 0.06, sag: h * 0.04, size: h * 0.045, wind: 0.1 }));
  // Paving and steps.
  const ground = h * 0.86;
  s.add(rect(0, ground, w, h - ground, '#b7a58c'));
  for (let x = -50; x < w; x += w * 0.09) s.add(line(x, ground, x - 40, h, '#8f7f6a', 2));
  s.add(line(0, ground + (h - ground) * 0.45, w, ground + (h - ground) * 0.45, '#8f7f6a', 2));
  const cx = w / 2;
  const dw = w * 0.23;
  const dh = h * 0.5;
  const dy = ground - h * 0.05 - dh;
  s.add(
    rect(cx - dw * 0.85, ground - h * 0.05, dw * 1.7, h * 0.05, '#cdbda3'),
    rect(cx - dw * 0.85, ground - h * 0.05, dw * 1.7, h * 0.01, '#e2d5bf'),
  );
  s.add(
    rect(cx - dw, ground - h * 0.015, dw * 2, h * 0.05, '#c2b196'),
    rect(cx - dw, ground - h * 0.015, dw * 2, h * 0.008, '#ddd0b8'),
  );
  // Warm light spilling from the open leaf.
  s.add(
    rect(
      cx - dw / 2,
      dy,
      dw,
      dh,
      s.lin([
        [0, '#ffcf7a'],
        [1, '#e08a2e'],
      ]),
    ),
  );
  s.add(
    circ(
      cx + dw * 0.1,
      dy + dh * 0.3,
      dw * 0.5,
      s.rad(
        [
          [0, '#fff0c0', 0.9],
          [1, '#fff0c0', 0],
        ],
        cx + dw * 0.1,
        dy + dh * 0.3,
        dw * 0.5,
      ),
    ),
  );
  s.add(
    line(cx + dw * 0.1, dy, cx + dw * 0.1, dy + dh * 0.2, '#3b2415', 3),
    ell(cx + dw * 0.1, dy + dh * 0.23, dw * 0.08, dw * 0.05, C.saffron),
  );
  // Door leaves: the left one closed, the right one open into the house.
  const leaf = (/** @type {number} */ x0, /** @type {number} */ lw) => {
    const out = [rect(x0, dy, lw, dh, '#5a331d')];
    for (let i = 0; i < 3; i++) {
      const py = dy + dh * (0.06 + i * 0.31);
      out.push(rect(x0 + lw * 0.14, py, lw * 0.72, dh * 0.25, '#4a2a17'));
      out.push(rect(x0 + lw * 0.2, py + dh * 0.02, lw * 0.6, dh * 0.21, '#6b3e22'));
      out.push(
        circ(x0 + lw * 0.5, py + dh * 0.125, lw * 0.12, '#4a2a17'),
        circ(x0 + lw * 0.5, py + dh * 0.125, lw * 0.06, C.gold, 'opacity="0.8"'),
      );
    }
    return out.join('');
  };
  s.add(leaf(cx - dw / 2, dw / 2));
  s.add(
    stroke(
      `M${n(cx - dw * 0.08)},${n(dy + dh * 0.45)} a${n(dw * 0.05)},${n(dw * 0.05)} 0 1 0 0.1,0`,
      C.gold,
      dw * 0.015,
    ),
  );
  s.add(
    poly(
      [
        [cx + dw / 2, dy],
        [cx + dw * 0.62, dy - dh * 0.03],
        [cx + dw * 0.62, dy + dh * 1.03],
        [cx + dw / 2, dy + dh],
      ],
      '#4a2a17',
    ),
  );
  // Frame with carved bands, a long lintel and the torana above.
  const fw = dw * 0.12;
  s.add(rect(cx - dw / 2 - fw, dy - fw, fw, dh + fw, C.woodDark), rect(cx + dw / 2, dy - fw, fw, dh + fw, C.woodDark));
  for (let y = dy; y < dy + dh; y += fw * 0.6) {
    s.add(rect(cx - dw / 2 - fw * 0.75, y, fw * 0.5, fw * 0.35, C.woodLight, 'opacity="0.5"'));
    s.add(rect(cx + dw / 2 + fw * 0.25, y, fw * 0.5, fw * 0.35, C.woodLight, 'opacity="0.5"'));
  }
  const ly = dy - fw * 2.2;
  s.add(rect(cx - dw / 2 - fw * 3.5, ly, dw + fw * 7, fw * 1.3, C.woodDark));
  for (const sx of [-1, 1]) {
    const ex = cx + sx * (dw / 2 + fw * 3.5);
    s.add(
      pth(
        `M${n(ex)},${n(ly)} q${n(sx * fw * 0.8)},${n(fw * 0.2)} ${n(sx * fw * 0.6)},${n(fw * 1.3)} l${n(-sx * fw * 0.6)},0Z`,
        C.woodDark,
      ),
    );
  }
  for (let x = cx - dw / 2 - fw * 3; x < cx + dw / 2 + fw * 3; x += fw * 0.7)
    s.add(rect(x, ly + fw * 0.3, fw * 0.35, fw * 0.7, C.woodLight, 'opacity="0.6"'));
  const ty = ly;
  const tr = dw * 0.62;
  s.add(pth(`M${n(cx - tr)},${n(ty)} A${n(tr)},${n(tr * 0.8)} 0 0 1 ${n(cx + tr)},${n(ty)}Z`, C.woodDark));
  s.add(
    pth(
      `M${n(cx - tr * 0.85)},${n(ty)} A${n(tr * 0.85)},${n(tr * 0.68)} 0 0 1 ${n(cx + tr * 0.85)},${n(ty)}Z`,
      '#8a3b22',
    ),
  );
  for (let i = 0; i < 9; i++) {
    const a = Math.PI + (Math.PI * (i + 0.5)) / 9;
    s.add(
      line(
        cx + Math.cos(a) * tr * 0.3,
        ty + Math.sin(a) * tr * 0.24,
        cx + Math.cos(a) * tr * 0.8,
        ty + Math.sin(a) * tr * 0.64,
        C.gold,
        fw * 0.18,
      ),
    );
  }
  s.add(
    circ(cx, ty - tr * 0.24, tr * 0.2, C.gold),
    circ(cx, ty - tr * 0.24, tr * 0.12, C.maroon),
    circ(cx, ty - tr * 0.24, tr * 0.05, C.gold),
  );
  // Marigold garlands over the door and strands down the frame.
  const fr = h * 0.011;
  s.add(garland(s, cx - dw / 2 - fw, dy - fw * 0.5, cx, dy - fw * 0.5, h * 0.06, fr));
  s.add(garland(s, cx, dy - fw * 0.5, cx + dw / 2 + fw, dy - fw * 0.5, h * 0.06, fr));
  s.add(
    strand(s, cx - dw / 2 - fw * 0.5, dy - fw * 0.5, dh * 0.45, fr),
    strand(s, cx + dw / 2 + fw * 0.5, dy - fw * 0.5, dh * 0.45, fr),
  );
  // A wall lantern.
  const lx = cx + dw * 1.05;
  const lyy = dy + dh * 0.15;
  s.add(
    circ(
      lx,
      lyy + h * 0.04,
      h * 0.12,
      s.rad(
        [
          [0, '#ffd27a', 0.5],
          [1, '#ffd27a', 0],
        ],
        lx,
        lyy + h * 0.04,
        h * 0.12,
      ),
    ),
  );
  s.add(
    rect(lx - h * 0.005, lyy - h * 0.02, h * 0.01, h * 0.03, '#2b1a14'),
    poly(
      [
        [lx - h * 0.025, lyy + h * 0.01],
        [lx + h * 0.025, lyy + h * 0.01],
        [lx + h * 0.02, lyy + h * 0.07],
        [lx - h * 0.02, lyy + h * 0.07],
      ],
      '#ffd98a',
    ),
  );
  s.add(
    rect(lx - h * 0.03, lyy + h * 0.005, h * 0.06, h * 0.01, '#2b1a14'),
    rect(lx - h * 0.025, lyy + h * 0.07, h * 0.05, h * 0.01, '#2b1a14'),
  );
  // Potted marigolds either side of the steps.
  const pots = /** @type {[number, number, 'marigold' | 'leafy' | 'geranium'][]} */ ([
    [0.12, 0.11, 'leafy'],
    [0.22, 0.09, 'marigold'],
    [0.3, 0.075, 'marigold'],
    [0.7, 0.075, 'marigold'],
    [0.78, 0.09, 'marigold'],
    [0.89, 0.11, 'leafy'],
  ]);
  for (const [fx, size, kind] of pots) s.add(potPlant(s, w * fx, ground + h * 0.05, h * size, kind));
  s.add(rrect(cx - dw * 0.35, ground - h * 0.005, dw * 0.7, h * 0.012, 3, C.maroon));
}

/**
 * Rooftop cafe: tables with tea, a parasol, a counter with an espresso machine, string lights and the stupa.
 * @param {Scene} s @param {{ mood?: Mood }} [o]
 */
function drawCafe(s, o = {}) {
  const { w, h } = s;
  const mood = o.mood ?? 'day';
  const R = h * 0.11;
  const view = boudhaView(s, {
    mood,
    cx: w * 0.6,
    ground: h * 0.6,
    R,
    horizon: h * 0.5,
    sun: mood === 'day' ? [w * 0.15, h * 0.12] : [w * 0.8, h * 0.4],
    clouds: 3,
  });
  s.add(view.svg);
  const top = h * 0.66;
  s.add(parapet(s, top, h * 0.74, mood));
  s.add(terraceFloor(s, h * 0.74, '#b8643e', w * 0.6));
  // String lights from the left pole to the right.
  for (const [y1, y2, sag] of [
    [h * 0.08, h * 0.14, h * 0.08],
    [h * 0.14, h * 0.05, h * 0.06],
  ]) {
    const x1 = -10;
    const x2 = w + 10;
    s.add(stroke(`M${x1},${n(y1)} Q${n(w / 2)},${n((y1 + y2) / 2 + sag * 2)} ${x2},${n(y2)}`, '#2b1a14', 2));
    for (let i = 1; i < 18; i++) {
      const t = i / 18;
      const x = (1 - t) * (1 - t) * x1 + 2 * (1 - t) * t * (w / 2) + t * t * x2;
      const y = (1 - t) * (1 - t) * y1 + 2 * (1 - t) * t * ((y1 + y2) / 2 + sag * 2) + t * t * y2;
      s.add(
        circ(
          x,
          y + h * 0.012,
          h * 0.022,
          s.rad(
            [
              [0, '#ffe9a8', 0.8],
              [1, '#ffe9a8', 0],
            ],
            x,
            y + h * 0.012,
            h * 0.022,
          ),
        ),
        circ(x, y + h * 0.012, h * 0.007, '#fff3c4'),
      );
    }
  }
  // Tables: a far pair and a near one under a parasol.
  /** @param {number} x @param {number} y @param {number} r @param {boolean} umbrella */
  const cafeTable = (x, y, r, umbrella) => {
    const out = [];
    for (const sx of [-1, 1]) {
      const chx = x + sx * r * 1.25;
      out.push(rect(chx - r * 0.04, y - r * 0.9, r * 0.08, r * 0.9 + r * 0.9, '#5a331d'));
      out.push(rrect(chx - r * 0.35, y + r * 0.05, r * 0.7, r * 0.12, r * 0.04, '#6b3e22'));
      out.push(
        rect(chx - r * 0.3, y + r * 0.15, r * 0.05, r * 0.75, '#4a2a17'),
        rect(chx + r * 0.25, y + r * 0.15, r * 0.05, r * 0.75, '#4a2a17'),
      );
      out.push(rrect(chx - r * 0.3, y - r * 0.05, r * 0.6, r * 0.12, r * 0.05, C.maroon));
    }
    out.push(rect(x - r * 0.05, y, r * 0.1, r * 0.9, '#3b2415'), ell(x, y + r * 0.9, r * 0.35, r * 0.06, '#3b2415'));
    out.push(ell(x, y + r * 0.03, r, r * 0.25, darken(C.cream, 0.1)), ell(x, y, r, r * 0.24, C.cream));
    out.push(
      pth(
        `M${n(x - r)},${n(y)} Q${n(x)},${n(y + r * 0.5)} ${n(x + r)},${n(y)} L${n(x + r * 0.95)},${n(y + r * 0.22)} Q${n(x)},${n(y + r * 0.6)} ${n(x - r * 0.95)},${n(y + r * 0.22)}Z`,
        C.maroon,
        'opacity="0.9"',
      ),
    );
    out.push(teaCup(x - r * 0.4, y - r * 0.02, r * 0.22), teaCup(x + r * 0.35, y + r * 0.04, r * 0.22));
    // Teapot.
    out.push(
      ell(x, y - r * 0.15, r * 0.2, r * 0.17, '#f3ede2'),
      ell(x, y - r * 0.31, r * 0.08, r * 0.03, '#dcd2c2'),
      stroke(`M${n(x + r * 0.18)},${n(y - r * 0.15)} l${n(r * 0.14)},${n(-r * 0.12)}`, '#f3ede2', r * 0.05),
    );
    if (umbrella) {
      out.push(rect(x - r * 0.03, y - r * 2.6, r * 0.06, r * 2.6, '#4a2a17'));
      out.push(
        pth(
          `M${n(x - r * 1.8)},${n(y - r * 2.1)} Q${n(x)},${n(y - r * 3.3)} ${n(x + r * 1.8)},${n(y - r * 2.1)}Z`,
          C.maroon,
        ),
      );
      for (let i = 0; i < 6; i++) {
        const sx0 = x - r * 1.8 + (r * 3.6 * i) / 6;
        out.push(pth(`M${n(sx0)},${n(y - r * 2.1)} q${n(r * 0.3)},${n(r * 0.2)} ${n(r * 0.6)},0Z`, C.gold));
      }
      out.push(
        line(x, y - r * 2.9, x - r * 1.1, y - r * 2.25, darken(C.maroon, 0.3), 2),
        line(x, y - r * 2.9, x + r * 1.1, y - r * 2.25, darken(C.maroon, 0.3), 2),
      );
    }
    return out.join('');
  };
  s.add(cafeTable(w * 0.82, h * 0.76, h * 0.06, false));
  s.add(cafeTable(w * 0.55, h * 0.78, h * 0.07, false));
  s.add(cafeTable(w * 0.68, h * 0.86, h * 0.1, true));
  // Counter at the left with an espresso machine and cups.
  const cx0 = 0;
  const cx1 = w * 0.33;
  const ct = h * 0.66;
  s.add(
    rect(
      cx0,
      ct,
      cx1 - cx0,
      h - ct,
      s.lin(
        [
          [0, '#7a4a2a'],
          [1, '#5a331d'],
        ],
        0,
        0,
        1,
        0,
      ),
    ),
  );
  for (let x = cx0 + w * 0.02; x < cx1; x += w * 0.055)
    s.add(
      rect(x, ct + h * 0.05, w * 0.045, h - ct - h * 0.08, '#6b3e22'),
      rect(x + w * 0.008, ct + h * 0.06, w * 0.006, h - ct - h * 0.1, '#8a5a36', 'opacity="0.6"'),
    );
  s.add(rect(cx0, ct - h * 0.02, cx1 - cx0 + w * 0.01, h * 0.03, '#d8c7a8'));
  // Espresso machine: chrome body, a gauge, two group heads with black handles, a steam wand, cups on top.
  const mx = w * 0.07;
  const mw = w * 0.15;
  const mh = h * 0.17;
  const my = ct - h * 0.02 - mh;
  s.add(
    rrect(
      mx,
      my,
      mw,
      mh,
      8,
      s.lin(
        [
          [0, '#8c9398'],
          [0.3, '#e3e7ea'],
          [0.6, '#b9bfc4'],
          [1, '#7d8489'],
        ],
        0,
        0,
        1,
        0,
      ),
    ),
  );
  s.add(rect(mx, my + mh * 0.12, mw, mh * 0.2, '#c0392b'));
  s.add(
    circ(mx + mw * 0.5, my + mh * 0.22, mh * 0.07, '#f6f1e6'),
    line(mx + mw * 0.5, my + mh * 0.22, mx + mw * 0.54, my + mh * 0.17, '#2b1a14', 2),
  );
  for (const k of [0.28, 0.72]) {
    const gx = mx + mw * k;
    s.add(rect(gx - mw * 0.08, my + mh * 0.45, mw * 0.16, mh * 0.1, '#5d6469'));
    s.add(
      rrect(
        gx - mw * 0.02,
        my + mh * 0.52,
        mw * 0.24,
        mh * 0.06,
        4,
        '#1f1f1f',
        `transform="rotate(${k < 0.5 ? -12 : 12} ${n(gx)} ${n(my + mh * 0.55)})"`,
      ),
    );
    s.add(teaCup(gx, ct - h * 0.035, h * 0.022, '#ffffff', '#5a331d'));
  }
  s.add(rect(mx + mw * 0.05, ct - h * 0.035, mw * 0.9, h * 0.012, '#5d6469'));
  s.add(
    stroke(
      `M${n(mx + mw * 0.98)},${n(my + mh * 0.45)} q${n(mw * 0.08)},0 ${n(mw * 0.06)},${n(mh * 0.3)}`,
      '#b9bfc4',
      4,
    ),
  );
  for (let i = 0; i < 3; i++) s.add(teaCup(mx + mw * (0.2 + i * 0.3), my - h * 0.002, h * 0.018));
  // A jar of cookies.
  s.add(
    rrect(w * 0.235, ct - h * 0.11, w * 0.04, h * 0.09, 8, '#cfe6f5', 'opacity="0.8"'),
    rect(w * 0.232, ct - h * 0.12, w * 0.046, h * 0.015, C.woodDark),
  );
  for (let i = 0; i < 4; i++)
    s.add(circ(w * 0.245 + (i % 2) * w * 0.018, ct - h * 0.035 - Math.floor(i / 2) * h * 0.025, h * 0.01, '#c98a4b'));
  s.add(potPlant(s, w * 0.3, ct - h * 0.02, h * 0.05, 'marigold'));
  // Flags across the top.
  s.add(
    flagString(s, {
      x1: -20,
      y1: h * 0.2,
      x2: w * 0.6,
      y2: view.stupa.pinnacle[1],
      sag: h * 0.05,
      size: h * 0.035,
      wind: 0.2,
    }),
  );
}

/**
 * A painter's studio: easel with a half-finished mandala thangka laced into its frame, brushes and pigment pots.
 * @param {Scene} s
 */
function drawThangkaClass(s) {
  const { w, h } = s;
  s.add(
    rect(
      0,
      0,
      w,
      h,
      s.lin([
        [0, '#f1dcb8'],
        [1, '#e4c596'],
      ]),
    ),
  );
  for (let i = 0; i < 50; i++)
    s.add(
      ell(
        s.r.next() * w,
        s.r.next() * h * 0.75,
        s.r.range(20, 80),
        s.r.range(10, 30),
        s.r.chance(0.5) ? '#e6cfa6' : '#f7e6c8',
        'opacity="0.4"',
      ),
    );
  // Window at the left with a beam of light.
  s.add(newariWindow(s, w * 0.04, h * 0.12, w * 0.16, h * 0.34));
  s.add(
    rect(w * 0.04, h * 0.12, w * 0.16, h * 0.34, SKIES.day.length ? s.lin(SKIES.day) : '#8ec5e8', 'opacity="0.55"'),
  );
  s.add(
    poly(
      [
        [w * 0.2, h * 0.12],
        [w * 0.2, h * 0.46],
        [w * 0.62, h],
        [w * 0.95, h],
      ],
      '#fff3d6',
      'opacity="0.18"',
    ),
  );
  // Finished thangkas hanging on the wall.
  s.add(thangka(s, w * 0.72, h * 0.07, w * 0.09, 'buddha'), thangka(s, w * 0.9, h * 0.1, w * 0.07, 'mandala'));
  const floor = h * 0.8;
  s.add(boardsFloor(s, floor, '#9a6a44'));
  s.add(rect(0, floor - h * 0.015, w, h * 0.015, C.woodDark));
  // Easel.
  const ex = w * 0.42;
  const legC = '#8a5a36';
  s.add(line(ex, h * 0.05, ex, floor + h * 0.04, darken(legC, 0.2), w * 0.012));
  s.add(
    line(ex - w * 0.02, h * 0.08, ex - w * 0.15, floor + h * 0.12, legC, w * 0.014),
    line(ex + w * 0.02, h * 0.08, ex + w * 0.15, floor + h * 0.12, legC, w * 0.014),
  );
  // Canvas laced into a wooden stretcher.
  const cw = w * 0.3;
  const chh = h * 0.58;
  const cx = ex - cw / 2;
  const cy = h * 0.1;
  s.add(
    rect(
      cx - w * 0.02,
      cy - w * 0.02,
      cw + w * 0.04,
      chh + w * 0.04,
      'none',
      `stroke="${C.wood}" stroke-width="${n(w * 0.012)}"`,
    ),
  );
  for (let t = 0; t <= 1; t += 0.05) {
    s.add(
      line(cx + cw * t, cy - w * 0.02, cx + cw * t, cy, '#f2ead8', 1.5),
      line(cx + cw * t, cy + chh, cx + cw * t, cy + chh + w * 0.02, '#f2ead8', 1.5),
    );
    s.add(
      line(cx - w * 0.02, cy + chh * t, cx, cy + chh * t, '#f2ead8', 1.5),
      line(cx + cw, cy + chh * t, cx + cw + w * 0.02, cy + chh * t, '#f2ead8', 1.5),
    );
  }
  s.add(rect(cx, cy, cw, chh, '#f6efdf'));
  const clipId = s.uid('half');
  // The painted part: the left half and the lower-left quarter of the right.
  s.defs.push(
    `<clipPath id="${clipId}"><rect x="${n(cx)}" y="${n(cy)}" width="${n(cw * 0.52)}" height="${n(chh)}"/><rect x="${n(cx)}" y="${n(cy + chh * 0.55)}" width="${n(cw * 0.72)}" height="${n(chh * 0.45)}"/></clipPath>`,
  );
  s.add(`<g clip-path="url(#${clipId})">${rect(cx, cy, cw, chh, '#1f4a3a')}</g>`);
  s.add(mandala(ex, cy + chh * 0.48, cw * 0.42, 0.5, clipId));
  s.add(rect(cx - w * 0.03, cy + chh + w * 0.02, cw + w * 0.06, h * 0.02, legC));
  // A brush resting on the ledge.
  s.add(
    line(cx + cw * 0.6, cy + chh + w * 0.02, cx + cw * 0.95, cy + chh + w * 0.005, '#c9a46a', w * 0.005),
    line(cx + cw * 0.95, cy + chh + w * 0.005, cx + cw * 1.0, cy + chh + w * 0.002, '#2b1a14', w * 0.006),
  );
  // Low table with pigment pots, brush jar and a cup of tea.
  const tx0 = w * 0.6;
  const tx1 = w * 0.97;
  const ty = h * 0.7;
  s.add(rect(tx0, ty, tx1 - tx0, h * 0.03, '#7a4a2a'), rect(tx0, ty - h * 0.01, tx1 - tx0, h * 0.012, '#9b6a43'));
  s.add(
    rect(tx0 + w * 0.01, ty + h * 0.03, w * 0.015, floor - ty + h * 0.06, '#5a331d'),
    rect(tx1 - w * 0.025, ty + h * 0.03, w * 0.015, floor - ty + h * 0.06, '#5a331d'),
  );
  const pig = ['#1d5fb8', '#2e7d32', '#c62828', '#f2c200', '#d4a017', '#f7f5ee', '#e8731a', '#6a3d9a'];
  for (const [i, col] of pig.entries()) {
    const px = tx0 + w * 0.03 + (i % 4) * w * 0.045 + (i >= 4 ? w * 0.02 : 0);
    const py = ty - h * 0.015 - (i >= 4 ? 0 : h * 0.035);
    s.add(
      ell(px, py + h * 0.008, w * 0.018, h * 0.012, '#d8c7a8'),
      pth(`M${n(px - w * 0.018)},${n(py)} Q${n(px)},${n(py + h * 0.03)} ${n(px + w * 0.018)},${n(py)}Z`, '#efe3cf'),
      ell(px, py, w * 0.018, h * 0.01, '#e7dccb'),
      ell(px, py, w * 0.014, h * 0.007, col),
    );
  }
  const jx = tx1 - w * 0.09;
  s.add(
    rect(jx - w * 0.02, ty - h * 0.09, w * 0.04, h * 0.09, '#3f6f8a'),
    ell(jx, ty - h * 0.09, w * 0.02, h * 0.008, '#2f5a72'),
  );
  for (let i = 0; i < 6; i++) {
    const bx = jx - w * 0.012 + i * w * 0.005;
    const tip = ty - h * 0.2 - (i % 3) * h * 0.015;
    s.add(
      line(bx, ty - h * 0.08, bx + (i - 2.5) * w * 0.004, tip, '#c9a46a', w * 0.003),
      line(bx + (i - 2.5) * w * 0.004, tip, bx + (i - 2.5) * w * 0.0045, tip - h * 0.015, '#2b1a14', w * 0.004),
    );
  }
  s.add(teaCup(tx1 - w * 0.035, ty - h * 0.012, h * 0.03));
  // A stool before the easel.
  s.add(
    ell(ex + w * 0.05, h * 0.86, w * 0.07, h * 0.02, '#6b3e22'),
    rect(ex + w * 0.0, h * 0.86, w * 0.01, h * 0.1, '#4a2a17'),
    rect(ex + w * 0.09, h * 0.86, w * 0.01, h * 0.1, '#4a2a17'),
  );
}

/**
 * Rooftop laundry: a line of bright clothes drying in the sun, and a table of folded linen.
 * @param {Scene} s
 */
function drawLaundry(s) {
  const { w, h } = s;
  const R = h * 0.06;
  const view = boudhaView(s, {
    mood: 'day',
    cx: w * 0.2,
    ground: h * 0.58,
    R,
    horizon: h * 0.5,
    sun: [w * 0.85, h * 0.12],
    clouds: 3,
  });
  s.add(view.svg);
  s.add(parapet(s, h * 0.64, h * 0.72, 'day'));
  s.add(terraceFloor(s, h * 0.72, '#c2a27d', w * 0.5));
  // Two lines of washing.
  const poles = [w * 0.06, w * 0.94];
  for (const x of poles) s.add(rect(x - w * 0.005, h * 0.12, w * 0.01, h * 0.74, '#6b6f73'));
  /** @param {number} y @param {number} sag @param {number} scale */
  const washing = (y, sag, scale) => {
    const out = [stroke(`M${n(poles[0])},${n(y)} Q${n(w / 2)},${n(y + sag * 2)} ${n(poles[1])},${n(y)}`, '#3b3b3b', 2)];
    let x = poles[0] + w * 0.03;
    const cols = ['#c62828', '#f2c200', '#1d5fb8', '#2e7d32', '#ffffff', '#e8731a', '#6b1d1d', '#7fb8d8', '#d9508a'];
    let ci = s.r.int(0, 8);
    while (x < poles[1] - w * 0.08) {
      const t = (x - poles[0]) / (poles[1] - poles[0]);
      const yy = y + sag * 4 * t * (1 - t) * 0.95;
      const kind = s.r.pick(['shirt', 'towel', 'trousers', 'shirt', 'dress', 'towel']);
      const col = cols[ci++ % cols.length];
      const u = h * 0.05 * scale;
      let wdt;
      if (kind === 'shirt') {
        out.push(
          pth(
            `M${n(x)},${n(yy)} L${n(x + u * 0.6)},${n(yy)} Q${n(x + u)},${n(yy + u * 0.25)} ${n(x + u * 1.4)},${n(yy)} L${n(x + u * 2)},${n(yy)} L${n(x + u * 2.5)},${n(yy + u * 0.8)} L${n(x + u * 2)},${n(yy + u * 1)} L${n(x + u * 1.9)},${n(yy + u * 2.4)} L${n(x + u * 0.1)},${n(yy + u * 2.4)} L${n(x)},${n(yy + u)} L${n(x - u * 0.5)},${n(yy + u * 0.8)}Z`,
            col,
          ),
        );
        out.push(line(x + u * 0.2, yy + u * 1.2, x + u * 1.8, yy + u * 1.2, darken(col, 0.1), 2, 'opacity="0.5"'));
        wdt = u * 2.6;
      } else if (kind === 'towel') {
        out.push(
          rect(x, yy, u * 1.6, u * 2.8, col),
          rect(x, yy + u * 2.3, u * 1.6, u * 0.2, col === '#ffffff' ? '#c62828' : '#ffffff', 'opacity="0.8"'),
          rect(x, yy + u * 0.3, u * 1.6, u * 0.12, darken(col, 0.15)),
        );
        wdt = u * 1.7;
      } else if (kind === 'trousers') {
        out.push(
          pth(
            `M${n(x)},${n(yy)} L${n(x + u * 1.4)},${n(yy)} L${n(x + u * 1.6)},${n(yy + u * 3.2)} L${n(x + u * 0.9)},${n(yy + u * 3.2)} L${n(x + u * 0.7)},${n(yy + u * 1.1)} L${n(x + u * 0.5)},${n(yy + u * 3.2)} L${n(x - u * 0.2)},${n(yy + u * 3.2)}Z`,
            col,
          ),
        );
        wdt = u * 1.8;
      } else {
        out.push(
          pth(
            `M${n(x + u * 0.3)},${n(yy)} L${n(x + u * 1.3)},${n(yy)} L${n(x + u * 1.5)},${n(yy + u * 0.9)} L${n(x + u * 2.1)},${n(yy + u * 3.4)} L${n(x - u * 0.5)},${n(yy + u * 3.4)} L${n(x + u * 0.1)},${n(yy + u * 0.9)}Z`,
            col,
          ),
        );
        out.push(line(x - u * 0.3, yy + u * 3, x + u * 1.9, yy + u * 3, C.gold, u * 0.12));
        wdt = u * 2.2;
      }
      out.push(
        rect(x + u * 0.1, yy - u * 0.15, u * 0.12, u * 0.35, '#e0a43a'),
        rect(x + wdt - u * 0.45, yy - u * 0.15, u * 0.12, u * 0.35, '#e0a43a'),
      );
      x += wdt + s.r.range(0.2, 0.8) * u;
    }
    return out.join('');
  };
  s.add(washing(h * 0.16, h * 0.05, 1.1));
  s.add(washing(h * 0.44, h * 0.04, 1.0));
  // Folded laundry on a bench and a basket.
  const bx0 = w * 0.52;
  const bx1 = w * 0.98;
  const by = h * 0.83;
  s.add(rect(bx0, by, bx1 - bx0, h * 0.035, '#8a5a36'), rect(bx0, by - h * 0.012, bx1 - bx0, h * 0.014, '#a8703f'));
  s.add(
    rect(bx0 + w * 0.02, by + h * 0.035, w * 0.02, h * 0.14, '#5a331d'),
    rect(bx1 - w * 0.04, by + h * 0.035, w * 0.02, h * 0.14, '#5a331d'),
  );
  /** @param {number} x @param {number} base @param {string[]} cols */
  const stack = (x, base, cols) => {
    let out = '';
    let y = base;
    for (const col of cols) {
      const th = h * 0.028;
      out +=
        rrect(x, y - th, w * 0.13, th, th * 0.4, col) +
        rect(x + w * 0.005, y - th * 0.4, w * 0.12, th * 0.12, darken(col, 0.15), 'opacity="0.6"');
      y -= th * 0.95;
    }
    return out;
  };
  s.add(stack(bx0 + w * 0.03, by - h * 0.012, ['#ffffff', '#f2c200', '#ffffff', '#7fb8d8', '#ffffff', '#c62828']));
  s.add(stack(bx0 + w * 0.18, by - h * 0.012, ['#f7f1e6', '#2e7d32', '#f7f1e6', '#e8731a', '#f7f1e6']));
  // Wicker basket.
  const kx = w * 0.84;
  const ky = by - h * 0.012;
  const kw = w * 0.12;
  const kh = h * 0.11;
  s.add(
    pth(
      `M${n(kx - kw / 2)},${n(ky - kh)} L${n(kx + kw / 2)},${n(ky - kh)} L${n(kx + kw * 0.42)},${n(ky)} L${n(kx - kw * 0.42)},${n(ky)}Z`,
      '#c9a46a',
    ),
  );
  for (let i = 1; i < 6; i++)
    s.add(
      line(
        kx - kw / 2 + (kw * 0.08 * i) / 6,
        ky - kh + (kh * i) / 6,
        kx + kw / 2 - (kw * 0.08 * i) / 6,
        ky - kh + (kh * i) / 6,
        '#9b7a44',
        2,
      ),
    );
  for (let i = 1; i < 8; i++)
    s.add(line(kx - kw / 2 + (kw * i) / 8, ky - kh, kx - kw * 0.42 + (kw * 0.84 * i) / 8, ky, '#a9884f', 1.5));
  s.add(ell(kx, ky - kh, kw / 2, h * 0.012, '#b08a50'));
  s.add(
    ell(kx - kw * 0.1, ky - kh - h * 0.012, kw * 0.3, h * 0.02, '#ffffff'),
    ell(kx + kw * 0.15, ky - kh - h * 0.018, kw * 0.22, h * 0.02, '#d9508a'),
  );
  s.add(flagString(s, { x1: poles[0], y1: h * 0.12, x2: -20, y2: h * 0.4, sag: h * 0.02, size: h * 0.035, wind: 0.1 }));
}

/**
 * The stupa seen from above: the stepped mandala terraces, the white dome, the gilded square and flag lines.
 * @param {Scene} s @param {number} cx @param {number} cy @param {number} r radius of the outer terrace
 */
function stupaPlan(s, cx, cy, r) {
  const out = [];
  /** A square with stepped (mandala) corners. @param {number} R @param {string} col */
  const stepped = (R, col) => {
    const a = R;
    const b = R * 0.82;
    const c = R * 0.64;
    /** @type {Pt[]} */
    const q = [];
    for (let i = 0; i < 4; i++) {
      /** @type {Pt[]} */
      const corner = [
        [c, -a],
        [c, -b],
        [b, -b],
        [b, -c],
        [a, -c],
      ];
      const ang = (i * Math.PI) / 2;
      const tail = [
        [a, c],
        [b, c],
        [b, b],
        [c, b],
        [c, a],
      ];
      void tail;
      for (const [x, y] of corner)
        q.push([cx + x * Math.cos(ang) - y * Math.sin(ang), cy + x * Math.sin(ang) + y * Math.cos(ang)]);
    }
    return poly(q, col);
  };
  out.push(circ(cx, cy, r * 1.55, '#d9cbb3'));
  out.push(
    stepped(r * 1.05, '#c9b9a0'),
    stepped(r, '#f6f1e7'),
    stepped(r * 0.86, '#ebe3d4'),
    stepped(r * 0.74, '#f8f4ec'),
  );
  out.push(
    circ(cx, cy, r * 0.56, '#ffffff'),
    circ(cx, cy, r * 0.56, 'none', `stroke="#d8cfc0" stroke-width="${n(r * 0.02)}"`),
  );
  for (let i = 0; i < 12; i++) {
    const a = (i / 12) * Math.PI * 2;
    out.push(
      stroke(
        `M${n(cx + Math.cos(a) * r * 0.2)},${n(cy + Math.sin(a) * r * 0.2)} Q${n(cx + Math.cos(a + 0.26) * r * 0.4)},${n(cy + Math.sin(a + 0.26) * r * 0.4)} ${n(cx + Math.cos(a + 0.52) * r * 0.2)},${n(cy + Math.sin(a + 0.52) * r * 0.2)}`,
        '#e9a53a',
        r * 0.02,
      ),
    );
  }
  // Prayer-flag lines radiating to the terrace edge.
  for (let i = 0; i < 16; i++) {
    const a = (i / 16) * Math.PI * 2 + 0.1;
    const x2 = cx + Math.cos(a) * r * 1.0;
    const y2 = cy + Math.sin(a) * r * 1.0;
    out.push(line(cx, cy, x2, y2, FLAGS[i % 5], r * 0.025, `stroke-dasharray="${n(r * 0.05)} ${n(r * 0.03)}"`));
  }
  out.push(
    rect(cx - r * 0.13, cy - r * 0.13, r * 0.26, r * 0.26, C.gold),
    rect(cx - r * 0.08, cy - r * 0.08, r * 0.16, r * 0.16, C.goldLight),
    circ(cx, cy, r * 0.04, C.goldDark),
  );
  return out.join('');
}

/**
 * A stylised, label-free map of Boudha: the stupa circle at the centre, streets and lanes, the river, fields and a
 * pin for the hotel.
 * @param {Scene} s
 */
function drawMap(s) {
  const { w, h } = s;
  const r = s.r;
  s.add(rect(0, 0, w, h, '#f1e4cc'));
  for (let i = 0; i < 60; i++)
    s.add(
      ell(
        r.next() * w,
        r.next() * h,
        r.range(30, 120),
        r.range(20, 70),
        r.chance(0.5) ? '#eadbbf' : '#f6ecd8',
        'opacity="0.6"',
      ),
    );
  // Fields and gardens.
  for (let i = 0; i < 9; i++) {
    const x = r.next() * w;
    const y = r.next() * h;
    if (Math.hypot(x - w / 2, y - h / 2) < h * 0.3) continue;
    /** @type {Pt[]} */
    const blob = [];
    const rr = r.range(60, 150);
    for (let k = 0; k < 8; k++) {
      const a = (k / 8) * Math.PI * 2;
      blob.push([x + Math.cos(a) * rr * r.range(0.7, 1.2), y + Math.sin(a) * rr * r.range(0.5, 0.9)]);
    }
    s.add(pth(softPath(blob, 0.5), r.pick(['#cfdcaa', '#bfd29b', '#d7e2b6'])));
  }
  // The river, winding across the lower left.
  const river = `M${-20},${n(h * 0.55)} C${n(w * 0.12)},${n(h * 0.5)} ${n(w * 0.18)},${n(h * 0.78)} ${n(w * 0.32)},${n(h * 0.8)} S${n(w * 0.5)},${n(h * 0.9)} ${n(w * 0.62)},${n(h * 1.05)}`;
  s.add(
    stroke(river, '#a9cfe0', h * 0.07),
    stroke(river, '#7fb6d3', h * 0.05),
    stroke(river, '#9cc8de', h * 0.012, 'opacity="0.8"'),
  );
  // Streets: outlines first, then fill.
  const cx = w * 0.5;
  const cy = h * 0.46;
  const main = `M-20,${n(h * 0.78)} C${n(w * 0.3)},${n(h * 0.74)} ${n(w * 0.45)},${n(h * 0.72)} ${n(w + 20)},${n(h * 0.7)}`;
  const roads = [
    [main, h * 0.05],
    [`M${n(cx)},${n(cy + h * 0.15)} L${n(cx + w * 0.02)},${n(h * 0.73)}`, h * 0.03],
    [
      `M${n(cx - h * 0.12)},${n(cy - h * 0.1)} C${n(w * 0.35)},${n(h * 0.2)} ${n(w * 0.28)},${n(h * 0.1)} ${n(w * 0.2)},-20`,
      h * 0.022,
    ],
    [
      `M${n(cx + h * 0.13)},${n(cy - h * 0.08)} C${n(w * 0.66)},${n(h * 0.25)} ${n(w * 0.8)},${n(h * 0.2)} ${n(w + 20)},${n(h * 0.12)}`,
      h * 0.022,
    ],
    [
      `M${n(cx + h * 0.15)},${n(cy + h * 0.04)} C${n(w * 0.7)},${n(h * 0.5)} ${n(w * 0.78)},${n(h * 0.45)} ${n(w + 20)},${n(h * 0.48)}`,
      h * 0.02,
    ],
    [
      `M${n(cx - h * 0.15)},${n(cy + h * 0.03)} C${n(w * 0.3)},${n(h * 0.5)} ${n(w * 0.2)},${n(h * 0.4)} -20,${n(h * 0.3)}`,
      h * 0.02,
    ],
    [
      `M${n(w * 0.12)},-20 C${n(w * 0.15)},${n(h * 0.3)} ${n(w * 0.1)},${n(h * 0.5)} ${n(w * 0.14)},${n(h * 0.6)}`,
      h * 0.014,
    ],
    [
      `M${n(w * 0.86)},-20 C${n(w * 0.84)},${n(h * 0.3)} ${n(w * 0.9)},${n(h * 0.5)} ${n(w * 0.88)},${n(h * 0.7)}`,
      h * 0.014,
    ],
    [
      `M${n(w * 0.6)},${n(h * 0.72)} C${n(w * 0.62)},${n(h * 0.85)} ${n(w * 0.7)},${n(h * 0.95)} ${n(w * 0.72)},${n(h + 20)}`,
      h * 0.016,
    ],
  ];
  const blocks = [];
  for (const [d, wd] of /** @type {[string, number][]} */ (roads)) blocks.push(stroke(d, '#c9b08a', wd + 6));
  s.add(blocks.join(''));
  s.add(circ(cx, cy, h * 0.2, 'none', `stroke="#c9b08a" stroke-width="${n(h * 0.045)}"`));
  // Building blocks along the streets (drawn before the street fill so the streets cut through them).
  for (let i = 0; i < 320; i++) {
    const x = r.next() * w;
    const y = r.next() * h;
    const d = Math.hypot(x - cx, y - cy);
    if (d < h * 0.235) continue;
    const bw = r.range(14, 34);
    const bh = r.range(12, 28);
    s.add(
      rect(
        x,
        y,
        bw,
        bh,
        r.pick(['#d9a27f', '#e0b796', '#cf8f6b', '#e6c3a3', '#c98a66']),
        `transform="rotate(${n(r.range(-20, 20))} ${n(x)} ${n(y)})" opacity="0.9"`,
      ),
    );
  }
  // Ring of buildings around the plaza.
  for (let i = 0; i < 36; i++) {
    const a = (i / 36) * Math.PI * 2;
    const x = cx + Math.cos(a) * h * 0.255;
    const y = cy + Math.sin(a) * h * 0.255;
    s.add(
      rect(
        x - 14,
        y - 10,
        28,
        20,
        r.pick(['#d9a27f', '#e0b796', '#cf8f6b']),
        `transform="rotate(${n((a * 180) / Math.PI + 90)} ${n(x)} ${n(y)})"`,
      ),
    );
  }
  for (const [d, wd] of /** @type {[string, number][]} */ (roads)) s.add(stroke(d, '#fbf5e8', wd));
  s.add(stroke(main, '#f2d8a0', h * 0.012, 'opacity="0.9"'));
  s.add(circ(cx, cy, h * 0.2, 'none', `stroke="#fbf5e8" stroke-width="${n(h * 0.04)}"`));
  s.add(circ(cx, cy, h * 0.2, 'none', `stroke="#e9a53a" stroke-width="3" stroke-dasharray="10 10"`));
  // Trees.
  for (let i = 0; i < 90; i++) {
    const x = r.next() * w;
    const y = r.next() * h;
    if (Math.hypot(x - cx, y - cy) < h * 0.24) continue;
    const tr = r.range(7, 14);
    s.add(
      circ(x + 2, y + 3, tr, '#6f8f4a', 'opacity="0.5"'),
      circ(x, y, tr, r.pick(['#7aa35a', '#5f8f47', '#88b067'])),
    );
  }
  // The stupa.
  s.add(circ(cx, cy, h * 0.18, '#e8dcc6'));
  s.add(stupaPlan(s, cx, cy, h * 0.13));
  // Pagoda temple by the river and the airport runway at the lower left.
  const tx = w * 0.26;
  const ty = h * 0.66;
  s.add(
    rect(tx - 30, ty - 30, 60, 60, '#b8643e'),
    rect(tx - 20, ty - 20, 40, 40, '#8a3b22'),
    rect(tx - 10, ty - 10, 20, 20, C.gold),
  );
  s.add(
    `<g transform="rotate(-12 ${n(w * 0.05)} ${n(h * 0.95)})">${rect(-60, h * 0.92, w * 0.32, h * 0.06, '#9a9a94')}${line(-40, h * 0.95, w * 0.25, h * 0.95, '#ffffff', 3, 'stroke-dasharray="18 14"')}</g>`,
  );
  // Walking route from the hotel to the stupa, and the pin.
  const hx = cx + h * 0.34;
  const hy = cy - h * 0.2;
  s.add(
    stroke(
      `M${n(hx)},${n(hy)} Q${n(cx + h * 0.3)},${n(cy - h * 0.05)} ${n(cx + h * 0.2)},${n(cy - h * 0.02)}`,
      C.maroon,
      5,
      'stroke-dasharray="4 12"',
    ),
  );
  const ph = h * 0.11;
  s.add(ell(hx, hy, ph * 0.22, ph * 0.07, 'rgba(0,0,0,0.25)'));
  s.add(
    pth(
      `M${n(hx)},${n(hy)} C${n(hx - ph * 0.1)},${n(hy - ph * 0.35)} ${n(hx - ph * 0.38)},${n(hy - ph * 0.5)} ${n(hx - ph * 0.38)},${n(hy - ph * 0.75)} A${n(ph * 0.38)},${n(ph * 0.38)} 0 1 1 ${n(hx + ph * 0.38)},${n(hy - ph * 0.75)} C${n(hx + ph * 0.38)},${n(hy - ph * 0.5)} ${n(hx + ph * 0.1)},${n(hy - ph * 0.35)} ${n(hx)},${n(hy)}Z`,
      C.maroon,
    ),
  );
  s.add(circ(hx, hy - ph * 0.76, ph * 0.17, C.gold), circ(hx, hy - ph * 0.76, ph * 0.08, C.maroon));
  // Compass rose in the top right, and a decorative border.
  const kx = w * 0.92;
  const ky = h * 0.13;
  const kr = h * 0.07;
  s.add(circ(kx, ky, kr, 'none', `stroke="${C.maroon}" stroke-width="2"`));
  s.add(
    poly(
      [
        [kx, ky - kr * 1.2],
        [kx + kr * 0.2, ky],
        [kx, ky + kr * 0.9],
        [kx - kr * 0.2, ky],
      ],
      C.maroon,
    ),
    poly(
      [
        [kx, ky - kr * 1.2],
        [kx + kr * 0.2, ky],
        [kx, ky],
      ],
      C.saffron,
    ),
  );
  s.add(
    poly(
      [
        [kx - kr * 0.9, ky],
        [kx, ky - kr * 0.15],
        [kx + kr * 0.9, ky],
        [kx, ky + kr * 0.15],
      ],
      C.maroon,
      'opacity="0.7"',
    ),
  );
  s.add(
    rect(10, 10, w - 20, h - 20, 'none', `stroke="${C.maroon}" stroke-width="6"`),
    rect(22, 22, w - 44, h - 44, 'none', `stroke="${C.gold}" stroke-width="2"`),
  );
}

/* ------------------------------------------------------------------------------------------------------------ */
/* Gallery and blog pictures                                                                                      */
/* ------------------------------------------------------------------------------------------------------------ */

/**
 * The rooftop terrace: low benches with cushions, a tea table, plants, flags overhead and the stupa beyond.
 * @param {Scene} s
 */
function drawTerrace(s) {
  const { w, h } = s;
  const R = Math.min(h * 0.12, w * 0.08);
  const view = boudhaView(s, {
    mood: 'gold',
    cx: w * 0.7,
    ground: h * 0.55,
    R,
    horizon: h * 0.45,
    sun: [w * 0.2, h * 0.3],
    clouds: 3,
  });
  s.add(view.svg);
  s.add(parapet(s, h * 0.6, h * 0.68, 'gold'));
  s.add(terraceFloor(s, h * 0.68, '#c07a52', w * 0.5));
  s.add(flagString(s, { x1: -20, y1: h * 0.05, x2: w + 20, y2: h * 0.18, sag: h * 0.05, size: h * 0.045, wind: 0.2 }));
  s.add(
    flagString(s, {
      x1: -20,
      y1: h * 0.22,
      x2: view.stupa.pinnacle[0],
      y2: view.stupa.pinnacle[1],
      sag: h * 0.04,
      size: h * 0.032,
      wind: 0.2,
    }),
  );
  // Low bench with cushions along the parapet.
  const by = h * 0.74;
  s.add(
    rect(w * 0.04, by, w * 0.56, h * 0.07, '#6b3e22'),
    rect(w * 0.04, by - h * 0.02, w * 0.56, h * 0.025, '#8a5a36'),
  );
  s.add(rrect(w * 0.05, by - h * 0.05, w * 0.54, h * 0.04, h * 0.015, C.maroon));
  for (let i = 0; i < 4; i++) {
    const x = w * 0.08 + i * w * 0.13;
    s.add(rrect(x, by - h * 0.16, w * 0.1, h * 0.12, h * 0.03, [C.saffron, C.gold, '#2f5f6a', C.saffron][i]));
    s.add(rect(x + w * 0.01, by - h * 0.1, w * 0.08, h * 0.01, '#ffffff', 'opacity="0.35"'));
  }
  // Tea table in front.
  const tx = w * 0.34;
  const ty = h * 0.86;
  s.add(
    rect(tx - w * 0.14, ty, w * 0.28, h * 0.025, '#8a5a36'),
    rect(tx - w * 0.12, ty + h * 0.025, w * 0.02, h * 0.1, '#5a331d'),
    rect(tx + w * 0.1, ty + h * 0.025, w * 0.02, h * 0.1, '#5a331d'),
  );
  s.add(teaCup(tx - w * 0.06, ty - h * 0.005, h * 0.035), teaCup(tx + w * 0.05, ty - h * 0.003, h * 0.035));
  s.add(
    ell(tx, ty - h * 0.03, h * 0.035, h * 0.03, '#f3ede2'),
    ell(tx, ty - h * 0.058, h * 0.014, h * 0.006, '#dcd2c2'),
  );
  // Plants.
  for (const [fx, fy, size, kind] of /** @type {[number, number, number, 'marigold' | 'leafy' | 'geranium'][]} */ ([
    [0.68, 0.82, 0.1, 'leafy'],
    [0.78, 0.86, 0.08, 'marigold'],
    [0.9, 0.9, 0.12, 'leafy'],
    [0.62, 0.64, 0.05, 'geranium'],
    [0.97, 0.66, 0.05, 'marigold'],
  ])) {
    s.add(potPlant(s, w * fx, h * fy, h * size, kind));
  }
}

/**
 * The lobby: a carved reception desk with a brass bell, a key board, a big thangka, lamps, a sofa and plants.
 * @param {Scene} s
 */
function drawLobby(s) {
  const room = new Room(s, {
    W: 6,
    D: 5.6,
    camX: -0.3,
    wall: '#ecd2ad',
    side: '#e3c69c',
    floor: '#c9b79a',
    floorKind: 'tile',
  });
  const D = room.D;
  s.add(room.shell());
  // Big thangka centre, key board at the right.
  const t = room.backRect(0.9, 0.9, 2.6, 2.6);
  s.add(thangka(s, t.x, t.y, room.k(D) * 0.5, 'buddha'));
  const kb = room.backRect(-2.4, -1.2, 1.3, 2.1);
  s.add(rect(kb.x, kb.y, kb.w, kb.h, C.woodDark), rect(kb.x + 5, kb.y + 5, kb.w - 10, kb.h - 10, '#7a4a2a'));
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 5; j++) {
      const x = kb.x + (kb.w * (j + 0.5)) / 5;
      const y = kb.y + (kb.h * (i + 0.3)) / 3;
      s.add(
        circ(x, y, 3, C.gold),
        line(x, y, x, y + kb.h * 0.14, C.goldLight, 2),
        rrect(x - 5, y + kb.h * 0.14, 10, kb.h * 0.1, 3, [C.maroon, C.saffron, '#2f5f6a'][(i + j) % 3]),
      );
    }
  }
  s.add(room.glow(-1.2, 2.2, D - 0.2, 1.5), room.glow(2.2, 1.5, D - 0.2, 1.3));
  s.add(pendant(room, -1.6, 2.1, 3.4), pendant(room, 0.2, 2.1, 3.4));
  // Side wall door to the street, with light.
  const l = -room.W / 2;
  s.add(
    room.poly(
      [
        [l, 0, 3.2],
        [l, 0, 4.4],
        [l, 2.2, 4.4],
        [l, 2.2, 3.2],
      ],
      C.woodDark,
    ),
  );
  s.add(
    room.poly(
      [
        [l, 0.05, 3.3],
        [l, 0.05, 4.3],
        [l, 2.1, 4.3],
        [l, 2.1, 3.3],
      ],
      '#ffd98a',
    ),
  );
  // Reception desk.
  const dz = 3.6;
  s.add(room.box({ x0: -2.6, x1: -0.6, y0: 0, y1: 1.05, z0: dz, z1: dz + 0.6 }, '#6b3e22'));
  s.add(room.box({ x0: -2.65, x1: -0.55, y0: 1.05, y1: 1.1, z0: dz - 0.05, z1: dz + 0.62 }, '#d8c7a8'));
  for (let i = 0; i < 4; i++) {
    const a = room.p(-2.5 + i * 0.5, 0.95, dz);
    const b = room.p(-2.5 + i * 0.5 + 0.4, 0.15, dz);
    s.add(
      rect(a[0], a[1], b[0] - a[0], b[1] - a[1], '#5a331d'),
      rect(a[0] + 6, a[1] + 6, b[0] - a[0] - 12, b[1] - a[1] - 12, C.maroon),
    );
    s.add(
      circ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (b[0] - a[0]) * 0.2, C.gold),
      circ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (b[0] - a[0]) * 0.1, C.maroon),
    );
  }
  const [bx, by] = room.p(-1.0, 1.1, dz + 0.25);
  const bk = room.k(dz);
  s.add(
    ell(bx, by, bk * 0.07, bk * 0.015, '#6e4a07'),
    pth(`M${n(bx - bk * 0.06)},${n(by)} A${n(bk * 0.06)},${n(bk * 0.06)} 0 0 1 ${n(bx + bk * 0.06)},${n(by)}Z`, C.gold),
    circ(bx, by - bk * 0.065, bk * 0.012, C.goldDark),
  );
  s.add(tableLamp(room, -2.3, 1.1, dz + 0.3));
  s.add(roomPlant(room, 1.9, 4.7, 0.35, 'marigold'));
  // Sofa and tea table at the right.
  s.add(rug(room, 0.2, 2.8, 2.0, 3.6, '#8c2f2a', '#1e3f7a'));
  s.add(seat(room, 1.6, 3.5, 1.8, '#2f5f6a', C.saffron));
  s.add(table(room, { x0: 1.0, x1: 2.1, y0: 0.38, y1: 0.43, z0: 2.3, z1: 2.8 }, C.woodDark));
  s.add(roomCup(room, 1.3, 0.43, 2.55), roomCup(room, 1.75, 0.43, 2.6));
  s.add(roomPlant(room, 2.7, 2.6, 0.45, 'leafy'));
}

/**
 * A plate of momo with tomato achar: either a top-down table (`flat`) or a kitchen counter with a steamer.
 * @param {Scene} s @param {number} x @param {number} y @param {number} r plate radius @param {number} count
 */
function momoPlate(s, x, y, r, count) {
  const out = [];
  out.push(circ(x + r * 0.05, y + r * 0.08, r * 1.02, 'rgba(0,0,0,0.2)'));
  out.push(
    circ(x, y, r, '#f6f0e4'),
    circ(x, y, r * 0.82, '#efe6d4'),
    circ(x, y, r, 'none', `stroke="${C.maroon}" stroke-width="${n(r * 0.04)}"`),
  );
  const placed = [];
  for (let i = 0; i < count; i++) {
    const a = (i / count) * Math.PI * 2 + 0.3;
    const d = i === count - 1 ? 0 : r * 0.48;
    placed.push([x + Math.cos(a) * (i === count - 1 ? 0 : d), y + Math.sin(a) * (i === count - 1 ? 0 : d)]);
  }
  for (const [mx, my] of placed) out.push(momo(s, mx, my, r * 0.26));
  return out.join('');
}

/**
 * One momo seen from above: a round dumpling with pleats gathered to a twist at the top.
 * @param {Scene} s @param {number} x @param {number} y @param {number} r
 */
function momo(s, x, y, r) {
  const out = [];
  out.push(circ(x + r * 0.08, y + r * 0.12, r, 'rgba(0,0,0,0.18)'));
  out.push(
    circ(
      x,
      y,
      r,
      s.rad(
        [
          [0, '#fffaf0'],
          [0.7, '#f3e7cf'],
          [1, '#dcc6a0'],
        ],
        x - r * 0.3,
        y - r * 0.3,
        r * 1.4,
      ),
    ),
  );
  for (let i = 0; i < 9; i++) {
    const a = (i / 9) * Math.PI * 2;
    out.push(
      stroke(
        `M${n(x + Math.cos(a) * r * 0.15)},${n(y + Math.sin(a) * r * 0.15)} Q${n(x + Math.cos(a + 0.35) * r * 0.6)},${n(y + Math.sin(a + 0.35) * r * 0.6)} ${n(x + Math.cos(a + 0.2) * r * 0.92)},${n(y + Math.sin(a + 0.2) * r * 0.92)}`,
        '#cdb48a',
        r * 0.07,
      ),
    );
  }
  out.push(circ(x, y, r * 0.16, '#e6d5b5'));
  return out.join('');
}

/**
 * A bowl of sauce seen from above.
 * @param {number} x @param {number} y @param {number} r @param {string} sauce
 */
function sauceBowl(x, y, r, sauce) {
  return (
    circ(x + r * 0.06, y + r * 0.1, r, 'rgba(0,0,0,0.2)') +
    circ(x, y, r, '#2f5f6a') +
    circ(x, y, r * 0.78, sauce) +
    circ(x - r * 0.25, y - r * 0.2, r * 0.12, '#ffffff', 'opacity="0.35"') +
    circ(x + r * 0.2, y + r * 0.15, r * 0.06, '#2e7d32') +
    circ(x - r * 0.1, y + r * 0.3, r * 0.05, '#2e7d32')
  );
}

/**
 * A wooden table top seen from above, filling the picture.
 * @param {Scene} s @param {string} col
 */
function tableTop(s, col) {
  const out = [rect(0, 0, s.w, s.h, col)];
  const bh = s.h / 5;
  for (let i = 0; i < 5; i++) {
    out.push(rect(0, i * bh, s.w, bh, i % 2 ? lighten(col, 0.05) : darken(col, 0.04)));
    out.push(line(0, i * bh, s.w, i * bh, darken(col, 0.35), 3));
    for (let k = 0; k < 7; k++) {
      const y = i * bh + s.r.range(0.1, 0.9) * bh;
      const x = s.r.range(-100, s.w);
      out.push(
        stroke(
          `M${n(x)},${n(y)} q${n(s.r.range(80, 200))},${n(s.r.range(-8, 8))} ${n(s.r.range(250, 500))},0`,
          darken(col, 0.15),
          2,
          'opacity="0.6"',
        ),
      );
    }
  }
  return out.join('');
}

/**
 * Momo, top-down: a bamboo steamer of dumplings, a plate with achar, chopsticks and tea.
 * @param {Scene} s
 */
function drawMomo(s) {
  const { w, h } = s;
  const m = Math.min(w, h);
  s.add(tableTop(s, '#8a5a36'));
  // Runner cloth.
  s.add(
    rect(0, h * 0.15, w, h * 0.7, C.maroon, 'opacity="0.9"'),
    rect(0, h * 0.18, w, m * 0.012, C.gold),
    rect(0, h * 0.82 - m * 0.012, w, m * 0.012, C.gold),
  );
  // Steamer.
  const sx = w * 0.36;
  const sy = h * 0.5;
  const sr = m * 0.33;
  s.add(
    circ(sx + sr * 0.05, sy + sr * 0.08, sr * 1.05, 'rgba(0,0,0,0.25)'),
    circ(sx, sy, sr * 1.05, '#c9a46a'),
    circ(sx, sy, sr * 0.95, '#b08a50'),
    circ(sx, sy, sr * 0.92, '#e6cf9c'),
  );
  for (let i = 0; i < 24; i++) {
    const a = (i / 24) * Math.PI * 2;
    s.add(
      line(
        sx + Math.cos(a) * sr * 0.95,
        sy + Math.sin(a) * sr * 0.95,
        sx + Math.cos(a) * sr * 1.05,
        sy + Math.sin(a) * sr * 1.05,
        '#9b7a44',
        2,
      ),
    );
  }
  for (let i = 0; i < 9; i++)
    s.add(
      line(
        sx - sr * 0.9,
        sy - sr * 0.8 + i * sr * 0.2,
        sx + sr * 0.9,
        sy - sr * 0.8 + i * sr * 0.2,
        '#d2b77f',
        2,
        'opacity="0.7"',
      ),
    );
  const pos = [
    [0, 0],
    [0.5, 0],
    [-0.5, 0],
    [0.25, 0.45],
    [-0.25, 0.45],
    [0.25, -0.45],
    [-0.25, -0.45],
  ];
  for (const [dx, dy] of pos) s.add(momo(s, sx + dx * sr, sy + dy * sr, sr * 0.22));
  // Plate with a few momo and achar.
  s.add(momoPlate(s, w * 0.74, h * 0.36, m * 0.2, 5));
  s.add(sauceBowl(w * 0.74, h * 0.75, m * 0.1, '#d9531e'));
  s.add(sauceBowl(w * 0.9, h * 0.64, m * 0.07, '#e8b339'));
  // Chopsticks.
  s.add(
    line(w * 0.55, h * 0.9, w * 0.66, h * 0.58, '#3b2415', m * 0.016),
    line(w * 0.57, h * 0.92, w * 0.7, h * 0.6, '#3b2415', m * 0.016),
  );
  s.add(teaCup(w * 0.08, h * 0.12, m * 0.09));
  s.add(circ(w * 0.95, h * 0.1, m * 0.05, '#4f7d3a'), circ(w * 0.93, h * 0.14, m * 0.04, '#5f9146'));
}

/**
 * Breakfast, top-down: eggs and toast, Tibetan bread with honey, fruit, tea and coffee.
 * @param {Scene} s
 */
function drawBreakfast(s) {
  const { w, h } = s;
  const m = Math.min(w, h);
  s.add(tableTop(s, '#9a6a44'));
  s.add(
    rect(w * 0.06, h * 0.08, w * 0.88, h * 0.84, C.cream, 'opacity="0.9"'),
    rect(
      w * 0.08,
      h * 0.1,
      w * 0.84,
      h * 0.8,
      'none',
      `stroke="${C.saffron}" stroke-width="${n(m * 0.01)}" stroke-dasharray="${n(m * 0.03)} ${n(m * 0.015)}"`,
    ),
  );
  // Main plate: fried eggs, toast, tomato, greens.
  const px = w * 0.42;
  const py = h * 0.52;
  const pr = m * 0.26;
  s.add(
    circ(px + pr * 0.04, py + pr * 0.06, pr, 'rgba(0,0,0,0.18)'),
    circ(px, py, pr, '#ffffff'),
    circ(px, py, pr * 0.84, '#f6f2ea'),
  );
  for (const [dx, dy] of [
    [-0.3, -0.25],
    [0.15, -0.35],
  ]) {
    const ex = px + dx * pr;
    const ey = py + dy * pr;
    s.add(
      pth(
        softPath(
          [
            [ex - pr * 0.3, ey],
            [ex - pr * 0.1, ey - pr * 0.25],
            [ex + pr * 0.28, ey - pr * 0.15],
            [ex + pr * 0.25, ey + pr * 0.2],
            [ex - pr * 0.15, ey + pr * 0.25],
          ],
          0.5,
        ),
        '#fffdf6',
      ),
    );
    s.add(circ(ex, ey, pr * 0.11, '#f5a623'), circ(ex - pr * 0.03, ey - pr * 0.03, pr * 0.04, '#ffd27a'));
  }
  for (const [dx, dy, rot] of [
    [0.25, 0.25, 12],
    [-0.05, 0.35, -8],
  ]) {
    const tx = px + dx * pr;
    const ty = py + dy * pr;
    s.add(
      `<g transform="rotate(${rot} ${n(tx)} ${n(ty)})">${rrect(tx - pr * 0.22, ty - pr * 0.2, pr * 0.44, pr * 0.4, pr * 0.08, '#b86b2a')}${rrect(tx - pr * 0.18, ty - pr * 0.16, pr * 0.36, pr * 0.32, pr * 0.06, '#e8b36a')}</g>`,
    );
  }
  s.add(
    circ(px - pr * 0.45, py + pr * 0.25, pr * 0.13, '#d9302c'),
    circ(px - pr * 0.45, py + pr * 0.25, pr * 0.07, '#f06a5a'),
  );
  s.add(
    ell(px + pr * 0.55, py - pr * 0.05, pr * 0.12, pr * 0.06, '#4f7d3a'),
    ell(px + pr * 0.5, py + pr * 0.05, pr * 0.1, pr * 0.05, '#5f9146'),
  );
  // Tibetan bread and honey.
  const bx = w * 0.78;
  const by = h * 0.3;
  s.add(
    circ(bx, by, m * 0.13, '#ffffff'),
    circ(bx, by, m * 0.1, '#d9a35a'),
    circ(bx, by, m * 0.075, '#e8bf7a'),
    stroke(`M${n(bx - m * 0.05)},${n(by)} q${n(m * 0.05)},${n(-m * 0.03)} ${n(m * 0.1)},0`, '#b97a34', m * 0.008),
  );
  s.add(
    circ(bx + m * 0.02, h * 0.55, m * 0.055, '#f2c200', 'opacity="0.85"'),
    circ(bx + m * 0.02, h * 0.55, m * 0.055, 'none', `stroke="#c7d6df" stroke-width="${n(m * 0.012)}"`),
  );
  // Fruit bowl.
  const fx = w * 0.8;
  const fy = h * 0.74;
  s.add(circ(fx, fy, m * 0.12, '#2f5f6a'), circ(fx, fy, m * 0.1, '#e8dfcc'));
  for (const [dx, dy, col] of /** @type {[number, number, string][]} */ ([
    [-0.04, -0.03, '#f5a623'],
    [0.04, -0.02, '#e8731a'],
    [0, 0.04, '#c62828'],
    [-0.05, 0.04, '#f2c200'],
    [0.05, 0.05, '#7cb342'],
  ])) {
    s.add(
      circ(fx + dx * m, fy + dy * m, m * 0.035, col),
      circ(fx + dx * m - m * 0.01, fy + dy * m - m * 0.01, m * 0.01, '#ffffff', 'opacity="0.4"'),
    );
  }
  // Cups, cutlery, napkin.
  s.add(teaCup(w * 0.16, h * 0.3, m * 0.09), teaCup(w * 0.18, h * 0.74, m * 0.085, '#ffffff', '#4a2a17'));
  s.add(rect(w * 0.27, h * 0.3, m * 0.01, m * 0.34, '#b9bfc4'), rect(w * 0.58, h * 0.3, m * 0.01, m * 0.34, '#b9bfc4'));
  s.add(teaCup(w * 0.6, h * 0.18, m * 0.06));
}

/**
 * Yoga at sunrise on the roof: a mat, a figure in tree pose, blocks, a water bottle, the stupa and hills behind.
 * @param {Scene} s
 */
function drawYoga(s) {
  const { w, h } = s;
  const R = Math.min(h * 0.1, w * 0.07);
  const view = boudhaView(s, {
    mood: 'dawn',
    cx: w * 0.22,
    ground: h * 0.55,
    R,
    horizon: h * 0.45,
    sun: [w * 0.75, h * 0.4],
    clouds: 2,
  });
  s.add(view.svg);
  s.add(parapet(s, h * 0.6, h * 0.67, 'dawn'));
  s.add(terraceFloor(s, h * 0.67, '#c9a987', w * 0.6));
  // Mat in perspective.
  const mx = w * 0.6;
  s.add(
    poly(
      [
        [mx - w * 0.09, h * 0.72],
        [mx + w * 0.09, h * 0.72],
        [mx + w * 0.16, h * 0.97],
        [mx - w * 0.16, h * 0.97],
      ],
      '#2f8f83',
    ),
  );
  s.add(
    poly(
      [
        [mx - w * 0.16, h * 0.97],
        [mx + w * 0.16, h * 0.97],
        [mx + w * 0.16, h * 0.985],
        [mx - w * 0.16, h * 0.985],
      ],
      '#1f6f66',
    ),
  );
  s.add(line(mx - w * 0.085, h * 0.735, mx + w * 0.085, h * 0.735, '#5fb3a8', 3));
  // Figure in tree pose, arms raised.
  const u = h * 0.052;
  const fx = mx;
  const fy = h * 0.86;
  const skin = C.skin;
  s.add(ell(fx, fy + u * 0.1, u * 1.6, u * 0.3, 'rgba(0,0,0,0.2)'));
  s.add(stroke(`M${n(fx)},${n(fy)} L${n(fx + u * 0.05)},${n(fy - u * 4.2)}`, '#3b2a4a', u * 0.8));
  s.add(
    stroke(
      `M${n(fx + u * 0.1)},${n(fy - u * 4)} L${n(fx + u * 1.7)},${n(fy - u * 2.8)} L${n(fx + u * 0.25)},${n(fy - u * 2.3)}`,
      '#3b2a4a',
      u * 0.75,
    ),
  );
  s.add(
    pth(
      `M${n(fx - u * 0.8)},${n(fy - u * 4.3)} L${n(fx + u * 0.9)},${n(fy - u * 4.3)} L${n(fx + u * 0.75)},${n(fy - u * 7.4)} L${n(fx - u * 0.75)},${n(fy - u * 7.4)}Z`,
      C.saffron,
    ),
  );
  s.add(
    stroke(
      `M${n(fx - u * 0.6)},${n(fy - u * 7.2)} L${n(fx - u * 0.9)},${n(fy - u * 9.2)} L${n(fx - u * 0.1)},${n(fy - u * 10.6)}`,
      skin,
      u * 0.5,
    ),
  );
  s.add(
    stroke(
      `M${n(fx + u * 0.6)},${n(fy - u * 7.2)} L${n(fx + u * 0.9)},${n(fy - u * 9.2)} L${n(fx + u * 0.1)},${n(fy - u * 10.6)}`,
      skin,
      u * 0.5,
    ),
  );
  s.add(rect(fx - u * 0.25, fy - u * 8.0, u * 0.5, u * 0.7, darken(skin, 0.1)), circ(fx, fy - u * 8.6, u * 0.75, skin));
  s.add(
    pth(
      `M${n(fx - u * 0.78)},${n(fy - u * 8.5)} A${n(u * 0.78)},${n(u * 0.78)} 0 0 1 ${n(fx + u * 0.78)},${n(fy - u * 8.5)}Z`,
      C.hair,
    ),
    circ(fx, fy - u * 9.45, u * 0.35, C.hair),
  );
  // Blocks, bottle and a towel.
  s.add(
    rrect(w * 0.82, h * 0.88, w * 0.06, h * 0.05, 4, '#b45309'),
    rrect(w * 0.83, h * 0.84, w * 0.06, h * 0.045, 4, '#d9863a'),
  );
  s.add(
    rrect(w * 0.36, h * 0.82, w * 0.02, h * 0.1, 6, '#7fb8d8'),
    rect(w * 0.362, h * 0.81, w * 0.016, h * 0.015, '#2f5f6a'),
  );
  s.add(
    rrect(w * 0.22, h * 0.9, w * 0.12, h * 0.05, 8, '#f7f1e6'),
    rect(w * 0.22, h * 0.92, w * 0.12, h * 0.01, '#c62828'),
  );
  s.add(potPlant(s, w * 0.08, h * 0.66, h * 0.09, 'leafy'), potPlant(s, w * 0.95, h * 0.66, h * 0.08, 'marigold'));
  s.add(flagString(s, { x1: -20, y1: h * 0.06, x2: w + 20, y2: h * 0.14, sag: h * 0.04, size: h * 0.04, wind: 0.2 }));
}

/**
 * Meditation at dawn: a figure seen from behind on a cushion, facing the stupa, butter lamps on the parapet.
 * @param {Scene} s
 */
function drawMeditation(s) {
  const { w, h } = s;
  const R = Math.min(h * 0.14, w * 0.1);
  const view = boudhaView(s, {
    mood: 'dawn',
    cx: w * 0.5,
    ground: h * 0.6,
    R,
    horizon: h * 0.5,
    sun: [w * 0.78, h * 0.42],
    clouds: 2,
  });
  s.add(view.svg);
  s.add(parapet(s, h * 0.68, h * 0.76, 'dawn'));
  s.add(terraceFloor(s, h * 0.76, '#b98c6a', w * 0.5));
  for (const fx of [0.12, 0.2, 0.8, 0.88]) s.add(butterLamp(s, w * fx, h * 0.675, h * 0.035));
  // Figure seen from behind, wrapped in a maroon shawl, on a round cushion and square mat.
  const x = w * 0.5;
  const seat = h * 0.94;
  const u = h * 0.045;
  s.add(
    poly(
      [
        [x - u * 5, seat - u * 0.2],
        [x + u * 5, seat - u * 0.2],
        [x + u * 6, seat + u * 1.2],
        [x - u * 6, seat + u * 1.2],
      ],
      C.saffron,
    ),
  );
  s.add(ell(x, seat - u * 0.4, u * 4, u * 1, darken(C.maroon, 0.2)), ell(x, seat - u * 0.9, u * 4, u * 1, C.maroon));
  s.add(
    pth(
      `M${n(x - u * 4.4)},${n(seat - u * 0.8)} Q${n(x - u * 4.6)},${n(seat - u * 2.6)} ${n(x - u * 2)},${n(seat - u * 2.8)} L${n(x + u * 2)},${n(seat - u * 2.8)} Q${n(x + u * 4.6)},${n(seat - u * 2.6)} ${n(x + u * 4.4)},${n(seat - u * 0.8)}Z`,
      '#5a2a1c',
    ),
  );
  s.add(
    pth(
      `M${n(x - u * 1.5)},${n(seat - u * 8)} Q${n(x)},${n(seat - u * 8.5)} ${n(x + u * 1.5)},${n(seat - u * 8)} L${n(x + u * 3.2)},${n(seat - u * 1.6)} L${n(x - u * 3.2)},${n(seat - u * 1.6)}Z`,
      C.maroon,
    ),
  );
  s.add(
    pth(
      `M${n(x - u * 1.6)},${n(seat - u * 7.9)} L${n(x + u * 0.2)},${n(seat - u * 8.1)} L${n(x - u * 2.2)},${n(seat - u * 2)} L${n(x - u * 3.2)},${n(seat - u * 1.7)}Z`,
      C.saffron,
      'opacity="0.9"',
    ),
  );
  s.add(
    rect(x - u * 0.4, seat - u * 8.8, u * 0.8, u * 1, darken(C.skin, 0.1)),
    circ(x, seat - u * 9.6, u * 1.1, C.hair),
  );
  s.add(
    circ(
      x,
      seat - u * 5,
      h * 0.3,
      s.rad(
        [
          [0, '#ffe0b0', 0.18],
          [1, '#ffe0b0', 0],
        ],
        x,
        seat - u * 5,
        h * 0.3,
      ),
    ),
  );
  s.add(birds(s, w * 0.2, h * 0.1, w * 0.6, h * 0.2, 7, h * 0.015, 'rgba(60,40,60,0.6)'));
}

/**
 * Boudhanath seen from ground level, large, with the plaza in front.
 * @param {Scene} s @param {{ mood: Mood, pilgrims?: number, R?: number, cx?: number, flags?: boolean }} o
 * @returns {{ ground: number, R: number, cx: number }}
 */
function groundStupa(s, o) {
  const { w, h } = s;
  const R = o.R ?? Math.min(h * 0.17, w * 0.13);
  const cx = o.cx ?? w / 2;
  const ground = h * 0.74;
  const L = LIGHT[o.mood];
  s.add(
    sky(s, o.mood, {
      sun: o.mood === 'dawn' ? [w * 0.82, h * 0.5] : o.mood === 'night' ? null : [w * 0.85, h * 0.25],
      clouds: 3,
    }),
  );
  if (o.mood === 'night' || o.mood === 'dusk') {
    for (let i = 0; i < 60; i++)
      s.add(
        circ(
          s.r.next() * w,
          s.r.next() * h * 0.45,
          s.r.range(0.8, 2),
          '#ffffff',
          `opacity="${n(s.r.range(0.3, 0.9) * 10) / 10}"`,
        ),
      );
  }
  const far = { day: '#8fa6c4', gold: '#a48fa6', dawn: '#9c8fb0', dusk: '#6b5a7e', night: '#2a3858' }[o.mood];
  s.add(
    mountains(s, {
      y: ground - R * 1.6,
      amp: R * 0.6,
      color: far,
      snow: 0.5,
      snowColor: { day: '#f4f7fb', gold: '#fde3c0', dawn: '#fbe0da', dusk: '#e9b9a4', night: '#8d9ab8' }[o.mood],
      bottom: ground,
    }),
  );
  // The ring of houses around the plaza.
  s.add(
    houses(s, {
      x0: -10,
      x1: w + 10,
      base: ground - R * 0.1,
      minH: R * 0.5,
      maxH: R * 1.1,
      minW: R * 0.5,
      maxW: R * 1.0,
      haze: L.haze,
      hazeAmt: 0.3,
      windowLight: o.mood === 'night' || o.mood === 'dusk' ? 0.6 : 0,
    }),
  );
  s.add(stupa(s, { cx, ground, R, mood: o.mood, flags: o.flags }).svg);
  // Plaza paving.
  const plaza = mix('#cdbca4', L.shade, 0.3);
  s.add(
    rect(
      0,
      ground,
      w,
      h - ground,
      s.lin([
        [0, darken(plaza, 0.1)],
        [1, plaza],
      ]),
    ),
  );
  for (let i = 0; i < 7; i++) {
    const y = ground + (h - ground) * (i / 7) ** 1.6;
    s.add(line(0, y, w, y, darken(plaza, 0.12), 1.5));
  }
  for (let i = -12; i <= 12; i++) s.add(line(cx + i * R * 0.3, ground, cx + i * R * 1.2, h, darken(plaza, 0.12), 1.5));
  return { ground, R, cx };
}

/**
 * Pilgrims walking the kora clockwise around the stupa: in the foreground they move from right to left.
 * @param {Scene} s @param {Mood} mood
 */
function drawKora(s, mood) {
  const { w, h } = s;
  const { ground } = groundStupa(s, { mood });
  const robes = [C.maroon, '#3a2a2a', '#8a4b2a', '#2f3f5a', C.maroon, '#5a4a3a', '#6b1d1d'];
  const rows = [
    { y: ground + (h - ground) * 0.12, size: h * 0.1, count: 9 },
    { y: ground + (h - ground) * 0.45, size: h * 0.15, count: 6 },
    { y: ground + (h - ground) * 0.92, size: h * 0.22, count: 4 },
  ];
  for (const row of rows) {
    for (let i = 0; i < row.count; i++) {
      const x = ((i + s.r.range(0.1, 0.9)) / row.count) * w;
      const robe = s.r.pick(robes);
      const monk = robe === C.maroon && s.r.chance(0.5);
      s.add(
        walker(x, row.y, row.size, -1, {
          robe,
          monk,
          wheel: !monk && s.r.chance(0.6),
          phase: s.r.range(0, 6),
          sash: monk ? C.saffron : s.r.chance(0.5) ? '#c9a46a' : undefined,
        }),
      );
    }
  }
  s.add(birds(s, w * 0.1, h * 0.05, w * 0.8, h * 0.25, 10, h * 0.012, 'rgba(50,40,40,0.6)'));
}

/**
 * A Tibetan monastery (gompa): whitewashed walls, the maroon penbe frieze with gold mirrors, the golden Dharma
 * wheel with two deer on the roof, black-framed windows, a great red door under a curtain, steps.
 * @param {Scene} s @param {{ monks?: number, mood?: Mood }} [o]
 */
function drawMonastery(s, o = {}) {
  const { w, h } = s;
  const mood = o.mood ?? 'day';
  s.add(sky(s, mood, { sun: [w * 0.85, h * 0.15], clouds: 3 }));
  s.add(mountains(s, { y: h * 0.3, amp: h * 0.12, color: '#8fa6c4', snow: 0.5, bottom: h * 0.6 }));
  s.add(mountains(s, { y: h * 0.45, amp: h * 0.06, color: '#6f8f7a', bottom: h * 0.7 }));
  const base = h * 0.8;
  const bw = Math.min(w * 0.8, h * 1.3);
  const x0 = w / 2 - bw / 2;
  const top = h * 0.3;
  const wall = '#f6f1e6';
  // Side wings (lower).
  for (const sx of [-1, 1]) {
    const wx = sx < 0 ? x0 - bw * 0.18 : x0 + bw;
    s.add(
      poly(
        [
          [wx, top + h * 0.12],
          [wx + bw * 0.18, top + h * 0.12],
          [wx + bw * 0.18, base],
          [wx, base],
        ],
        darken(wall, 0.06),
      ),
    );
    s.add(rect(wx, top + h * 0.12, bw * 0.18, h * 0.05, C.maroon));
    for (let i = 0; i < 2; i++) s.add(tibetanWindow(wx + bw * 0.05, top + h * 0.22 + i * h * 0.18, bw * 0.08, h * 0.1));
  }
  // Main hall: tapering walls.
  s.add(
    poly(
      [
        [x0 + bw * 0.02, top],
        [x0 + bw * 0.98, top],
        [x0 + bw, base],
        [x0, base],
      ],
      wall,
    ),
  );
  s.add(rect(x0 - bw * 0.01, top - h * 0.09, bw * 1.02, h * 0.09, C.maroon));
  for (let x = x0 + bw * 0.06; x < x0 + bw * 0.95; x += bw * 0.11)
    s.add(circ(x, top - h * 0.045, h * 0.018, C.gold), circ(x, top - h * 0.045, h * 0.009, C.goldLight));
  s.add(
    rect(x0 - bw * 0.02, top - h * 0.11, bw * 1.04, h * 0.025, '#2b1a14'),
    rect(x0 - bw * 0.02, top, bw * 1.04, h * 0.012, '#2b1a14'),
  );
  // Roof ornaments: Dharma wheel with deer, victory banners, gilded roof.
  const rx = w / 2;
  const ry = top - h * 0.11;
  s.add(
    poly(
      [
        [rx - bw * 0.25, ry],
        [rx + bw * 0.25, ry],
        [rx + bw * 0.15, ry - h * 0.06],
        [rx - bw * 0.15, ry - h * 0.06],
      ],
      C.gold,
    ),
    poly(
      [
        [rx - bw * 0.15, ry - h * 0.06],
        [rx + bw * 0.15, ry - h * 0.06],
        [rx, ry - h * 0.1],
      ],
      C.goldDark,
    ),
  );
  s.add(
    circ(rx, ry - h * 0.15, h * 0.055, C.gold),
    circ(rx, ry - h * 0.15, h * 0.038, C.goldDark),
    circ(rx, ry - h * 0.15, h * 0.015, C.gold),
  );
  for (let i = 0; i < 8; i++) {
    const a = (i / 8) * Math.PI * 2;
    s.add(
      line(rx, ry - h * 0.15, rx + Math.cos(a) * h * 0.05, ry - h * 0.15 + Math.sin(a) * h * 0.05, C.gold, h * 0.006),
    );
  }
  for (const sx of [-1, 1]) {
    const dx = rx + sx * h * 0.09;
    const dy = ry - h * 0.075;
    s.add(
      ell(dx, dy, h * 0.03, h * 0.017, C.gold),
      circ(dx - sx * h * 0.022, dy - h * 0.02, h * 0.012, C.gold),
      line(dx - sx * h * 0.02, dy - h * 0.03, dx - sx * h * 0.03, dy - h * 0.045, C.gold, 2),
    );
    const bx = x0 + (sx < 0 ? bw * 0.03 : bw * 0.97);
    s.add(
      rect(bx - h * 0.004, top - h * 0.2, h * 0.008, h * 0.1, '#2b1a14'),
      rrect(bx - h * 0.018, top - h * 0.2, h * 0.036, h * 0.07, h * 0.015, C.gold),
      rect(bx - h * 0.02, top - h * 0.15, h * 0.04, h * 0.02, '#c62828'),
    );
  }
  // Windows.
  for (let i = 0; i < 4; i++) {
    if (i === 1 || i === 2) continue;
    const wx = x0 + bw * (0.1 + i * 0.22);
    s.add(tibetanWindow(wx, top + h * 0.08, bw * 0.1, h * 0.12));
    s.add(tibetanWindow(wx, top + h * 0.28, bw * 0.1, h * 0.12));
  }
  s.add(
    tibetanWindow(w / 2 - bw * 0.12, top + h * 0.06, bw * 0.08, h * 0.09),
    tibetanWindow(w / 2 + bw * 0.04, top + h * 0.06, bw * 0.08, h * 0.09),
  );
  // Portico with red pillars, the big door and a striped curtain (shambu).
  const pw = bw * 0.36;
  const px = w / 2 - pw / 2;
  const pt = top + h * 0.2;
  s.add(rect(px, pt, pw, base - pt, '#2b1a14'));
  s.add(rect(px + pw * 0.15, pt + h * 0.08, pw * 0.7, base - pt - h * 0.08, '#a3261e'));
  s.add(line(w / 2, pt + h * 0.08, w / 2, base, '#6b140f', 3));
  for (const k of [0.3, 0.7]) s.add(circ(px + pw * k, pt + h * 0.25, h * 0.014, C.gold));
  for (let i = 0; i < 12; i++)
    s.add(
      rect(
        px + pw * 0.12,
        pt + i * h * 0.01,
        pw * 0.76,
        h * 0.01,
        i % 2 ? '#f7f5ee' : ['#1d5fb8', '#c62828', '#2e7d32', '#f2c200'][((i / 2) % 4) | 0],
      ),
    );
  for (const k of [0.02, 0.9])
    s.add(
      rect(px + pw * k, pt, pw * 0.08, base - pt, '#b3261e'),
      rect(px + pw * k - pw * 0.01, pt, pw * 0.1, h * 0.02, C.gold),
    );
  s.add(
    rect(px - pw * 0.05, pt - h * 0.03, pw * 1.1, h * 0.03, C.maroon),
    rect(px - pw * 0.05, pt - h * 0.035, pw * 1.1, h * 0.008, C.gold),
  );
  // Steps and courtyard.
  s.add(
    rect(
      0,
      base,
      w,
      h - base,
      s.lin([
        [0, '#c9b99f'],
        [1, '#b3a285'],
      ]),
    ),
  );
  for (let i = 0; i < 3; i++)
    s.add(
      rect(
        px - pw * 0.1 - i * pw * 0.06,
        base + i * h * 0.02,
        pw * 1.2 + i * pw * 0.12,
        h * 0.02,
        i % 2 ? '#ddd0b8' : '#d1c3a9',
      ),
    );
  s.add(
    flagString(s, {
      x1: x0 - bw * 0.18,
      y1: top + h * 0.1,
      x2: -20,
      y2: h * 0.05,
      sag: h * 0.02,
      size: h * 0.03,
      wind: 0.2,
    }),
  );
  s.add(
    flagString(s, {
      x1: x0 + bw * 1.18,
      y1: top + h * 0.1,
      x2: w + 20,
      y2: h * 0.05,
      sag: h * 0.02,
      size: h * 0.03,
      wind: -0.2,
    }),
  );
  const monks = o.monks ?? 3;
  for (let i = 0; i < monks; i++) {
    const mx = w * (0.15 + (0.7 * (i + 0.5)) / monks) + s.r.range(-20, 20);
    s.add(
      walker(mx, h * s.r.range(0.9, 0.97), h * 0.16, s.r.chance(0.5) ? 1 : -1, {
        robe: C.maroon,
        monk: true,
        sash: C.saffron,
        phase: s.r.range(0, 6),
      }),
    );
  }
}

/**
 * A black-framed Tibetan window: trapezoid surround and a small awning.
 * @param {number} x @param {number} y @param {number} w @param {number} h
 */
function tibetanWindow(x, y, w, h) {
  return (
    poly(
      [
        [x - w * 0.25, y - h * 0.05],
        [x + w * 1.25, y - h * 0.05],
        [x + w * 1.35, y + h * 1.15],
        [x - w * 0.35, y + h * 1.15],
      ],
      '#1c1714',
    ) +
    rect(x, y, w, h, '#6b3e22') +
    rect(x + w * 0.08, y + h * 0.08, w * 0.38, h * 0.84, '#2a3440') +
    rect(x + w * 0.54, y + h * 0.08, w * 0.38, h * 0.84, '#2a3440') +
    rect(x - w * 0.35, y - h * 0.2, w * 1.7, h * 0.15, C.maroon) +
    rect(x - w * 0.35, y - h * 0.2, w * 1.7, h * 0.04, '#c62828') +
    rect(x - w * 0.3, y - h * 0.06, w * 1.6, h * 0.04, '#f2c200')
  );
}

/**
 * A row of copper-and-gold prayer wheels in a maroon wall niche, receding in perspective, one spinning.
 * @param {Scene} s
 */
function drawPrayerWheels(s) {
  const { w, h } = s;
  s.add(
    rect(
      0,
      0,
      w,
      h,
      s.lin(
        [
          [0, '#5a1616'],
          [1, '#3d0f0f'],
        ],
        0,
        0,
        1,
        0,
      ),
    ),
  );
  s.add(rect(0, 0, w, h * 0.12, '#2b1a14'), rect(0, h * 0.12, w, h * 0.02, C.gold));
  for (let x = 0; x < w; x += w * 0.05) s.add(rect(x, h * 0.03, w * 0.025, h * 0.06, C.maroon));
  s.add(rect(0, h * 0.86, w, h * 0.14, '#b9ab98'), rect(0, h * 0.86, w, h * 0.015, '#d1c3a9'));
  // Wheels: big in front at the left, shrinking to the right.
  const n0 = 9;
  let x = w * 0.02;
  for (let i = 0; i < n0; i++) {
    const sc = 1 - i * 0.085;
    const ww = w * 0.16 * sc;
    const hh = h * 0.56 * sc;
    const cy = h * 0.5 - (1 - sc) * h * 0.05;
    const y0 = cy - hh / 2;
    s.add(
      rect(x + ww / 2 - ww * 0.04, h * 0.14, ww * 0.08, y0 - h * 0.14, '#2b1a14'),
      rect(x + ww / 2 - ww * 0.04, y0 + hh, ww * 0.08, h * 0.86 - y0 - hh, '#2b1a14'),
    );
    const body = s.lin(
      [
        [0, '#6e4a07'],
        [0.25, C.goldLight],
        [0.5, C.gold],
        [0.8, '#8a5d0a'],
        [1, '#5a3c06'],
      ],
      0,
      0,
      1,
      0,
    );
    s.add(rrect(x, y0, ww, hh, ww * 0.08, body));
    s.add(rect(x, y0 + hh * 0.06, ww, hh * 0.06, '#a3261e'), rect(x, y0 + hh * 0.88, ww, hh * 0.06, '#a3261e'));
    s.add(
      ell(x + ww / 2, y0, ww / 2, ww * 0.12, lighten(C.gold, 0.2)),
      ell(x + ww / 2, y0, ww * 0.12, ww * 0.04, C.goldDark),
    );
    // Embossed syllables, suggested by raised shapes in a band.
    for (let k = 0; k < 3; k++) {
      const gx = x + ww * (0.2 + k * 0.3);
      const gy = y0 + hh * 0.5;
      s.add(
        circ(gx, gy - hh * 0.08, ww * 0.07, C.goldLight, 'opacity="0.8"'),
        stroke(
          `M${n(gx - ww * 0.06)},${n(gy)} q${n(ww * 0.06)},${n(hh * 0.06)} ${n(ww * 0.12)},0 M${n(gx)},${n(gy)} l0,${n(hh * 0.14)}`,
          '#6e4a07',
          ww * 0.025,
        ),
      );
    }
    s.add(rect(x, y0 + hh * 0.3, ww, hh * 0.015, '#6e4a07'), rect(x, y0 + hh * 0.72, ww, hh * 0.015, '#6e4a07'));
    // Motion lines on the first wheel.
    if (i === 0) {
      for (let k = 0; k < 3; k++)
        s.add(
          stroke(
            `M${n(x + ww * 1.05)},${n(y0 + hh * (0.35 + k * 0.12))} q${n(ww * 0.1)},${n(hh * 0.03)} ${n(ww * 0.02)},${n(hh * 0.08)}`,
            C.goldLight,
            ww * 0.02,
            'opacity="0.7"',
          ),
        );
    }
    x += ww * 1.18;
  }
  // Butter-lamp glow on the floor and a kata scarf.
  s.add(
    rect(
      0,
      0,
      w,
      h,
      s.rad(
        [
          [0, '#ffcf7a', 0.22],
          [1, '#ffcf7a', 0],
        ],
        w * 0.2,
        h * 0.5,
        w * 0.6,
      ),
    ),
  );
  s.add(
    stroke(
      `M${n(w * 0.02)},${n(h * 0.17)} Q${n(w * 0.15)},${n(h * 0.3)} ${n(w * 0.28)},${n(h * 0.17)}`,
      '#fbf7f0',
      h * 0.02,
      'opacity="0.9"',
    ),
  );
}

/**
 * Rows of butter lamps glowing in a dark shrine.
 * @param {Scene} s
 */
function drawButterLamps(s) {
  const { w, h } = s;
  s.add(
    rect(
      0,
      0,
      w,
      h,
      s.lin([
        [0, '#1c0d08'],
        [1, '#3a1a0e'],
      ]),
    ),
  );
  s.add(
    rect(
      0,
      0,
      w,
      h * 0.5,
      s.rad(
        [
          [0, '#7a3a12', 0.6],
          [1, '#7a3a12', 0],
        ],
        w * 0.5,
        h * 0.6,
        w * 0.6,
      ),
    ),
  );
  const rows = 4;
  for (let r = 0; r < rows; r++) {
    const y = h * (0.42 + r * 0.17);
    const size = h * (0.045 + r * 0.02);
    const count = Math.floor(w / (size * 1.5));
    s.add(rect(0, y, w, h * 0.04 + r * 4, r % 2 ? '#5a331d' : '#4a2a17'), rect(0, y, w, 3, '#8a5a36'));
    for (let i = 0; i < count; i++) {
      const x = (i + 0.5 + (r % 2) * 0.5) * ((w + size) / count) - size * 0.25;
      s.add(butterLamp(s, x, y, size, r >= 2 || i % 2 === 0));
    }
  }
}

/**
 * Losar, the Tibetan New Year: the stupa hung with fresh flags, incense smoke from the burners, and tsampa flour
 * thrown into the air.
 * @param {Scene} s
 */
function drawLosar(s) {
  const { w, h } = s;
  const { ground, R, cx } = groundStupa(s, { mood: 'day', R: h * 0.2 });
  const pin = ground - R * 3.3;
  for (let i = 0; i < 8; i++) {
    const ex = i < 4 ? -20 - i * 10 : w + 20 + (i - 4) * 10;
    const ey = h * (0.1 + (i % 4) * 0.12);
    s.add(flagString(s, { x1: cx, y1: pin, x2: ex, y2: ey, sag: h * 0.05, size: h * 0.035, wind: 0.1 }));
  }
  // Smoke from the sang burners.
  for (const bx of [w * 0.12, w * 0.88]) {
    s.add(
      rect(bx - h * 0.05, ground - h * 0.02, h * 0.1, h * 0.12, '#f6f1e6'),
      rect(bx - h * 0.06, ground - h * 0.03, h * 0.12, h * 0.02, C.maroon),
    );
    const smoke = [];
    for (let k = 0; k < 9; k++) {
      const yy = ground - h * 0.05 - k * h * 0.055;
      smoke.push(
        circ(
          bx + Math.sin(k * 0.9) * h * 0.05,
          yy,
          h * (0.03 + k * 0.012),
          '#f4f1ec',
          `opacity="${n((0.7 - k * 0.07) * 100) / 100}"`,
        ),
      );
    }
    s.add(g(smoke.join(''), s.blur(h * 0.015)));
  }
  // Tsampa thrown in the air.
  for (let i = 0; i < 160; i++) {
    const x = cx + s.r.range(-0.45, 0.45) * w;
    const y = s.r.range(0.35, 0.85) * h;
    s.add(circ(x, y, s.r.range(1.5, 5), '#ffffff', `opacity="${n(s.r.range(0.5, 0.95) * 100) / 100}"`));
  }
  // A crowd, hands raised.
  for (let i = 0; i < 9; i++) {
    const x = ((i + 0.5) / 9) * w;
    s.add(
      walker(x, h * 0.99, h * 0.2, i % 2 ? 1 : -1, {
        robe: s.r.pick([C.maroon, '#2f3f5a', '#8a4b2a', '#3a2a2a', '#1e3f7a']),
        sash: s.r.pick(['#c9a46a', C.gold, '#ffffff']),
        phase: i,
      }),
    );
  }
}

/**
 * A momo kitchen: a floured board with dough circles, filling, momos being folded, a steaming steamer.
 * @param {Scene} s
 */
function drawMomoKitchen(s) {
  const { w, h } = s;
  s.add(
    rect(
      0,
      0,
      w,
      h * 0.45,
      s.lin([
        [0, '#e9d2ad'],
        [1, '#d9b98a'],
      ]),
    ),
  );
  // Tiled wall with a shelf of spice jars.
  const tile = h * 0.07;
  for (let y = 0; y < h * 0.45; y += tile) s.add(line(0, y, w, y, '#cdb08a', 1.5));
  for (let x = 0; x < w; x += tile) s.add(line(x, 0, x, h * 0.45, '#cdb08a', 1.5));
  s.add(rect(w * 0.05, h * 0.2, w * 0.9, h * 0.02, '#7a4a2a'));
  for (let x = w * 0.08; x < w * 0.92; x += w * 0.055) {
    const col = s.r.pick(['#c62828', '#f2c200', '#e8731a', '#6b1d1d', '#2e7d32', '#b45309']);
    s.add(
      rrect(x, h * 0.1, w * 0.035, h * 0.1, 4, '#f6efe2'),
      rect(x + 2, h * 0.13, w * 0.035 - 4, h * 0.07, col),
      rect(x, h * 0.09, w * 0.035, h * 0.02, '#4a2a17'),
    );
  }
  // Counter top (seen from above at an angle).
  s.add(
    rect(
      0,
      h * 0.45,
      w,
      h * 0.55,
      s.lin([
        [0, '#a8703f'],
        [1, '#7a4a2a'],
      ]),
    ),
  );
  for (let i = 0; i < 6; i++)
    s.add(line(0, h * (0.45 + i * 0.1), w, h * (0.45 + i * 0.1), '#6b3e22', 2, 'opacity="0.5"'));
  // Board with flour, dough circles and a rolling pin.
  s.add(
    rrect(w * 0.05, h * 0.52, w * 0.4, h * 0.42, 12, '#d9b27a'),
    ell(w * 0.22, h * 0.72, w * 0.13, h * 0.12, '#ffffff', 'opacity="0.45"'),
  );
  for (const [dx, dy] of [
    [0.12, 0.62],
    [0.22, 0.65],
    [0.32, 0.62],
    [0.15, 0.8],
    [0.27, 0.82],
  ])
    s.add(
      ell(w * dx, h * dy, w * 0.045, h * 0.05, '#f8f0df'),
      ell(w * dx, h * dy, w * 0.045, h * 0.05, 'none', 'stroke="#e2d2b4" stroke-width="2"'),
    );
  s.add(
    `<g transform="rotate(-18 ${n(w * 0.35)} ${n(h * 0.88)})">${rrect(w * 0.22, h * 0.86, w * 0.26, h * 0.04, h * 0.02, '#c9a46a')}${rrect(w * 0.18, h * 0.87, w * 0.05, h * 0.02, h * 0.01, '#8a5a36')}${rrect(w * 0.47, h * 0.87, w * 0.05, h * 0.02, h * 0.01, '#8a5a36')}</g>`,
  );
  // Bowl of filling.
  s.add(
    ell(w * 0.55, h * 0.66, w * 0.09, h * 0.09, '#2f5f6a'),
    ell(w * 0.55, h * 0.65, w * 0.075, h * 0.07, '#8a5a3a'),
  );
  for (let i = 0; i < 20; i++)
    s.add(
      circ(
        w * 0.55 + s.r.range(-0.06, 0.06) * w,
        h * 0.65 + s.r.range(-0.05, 0.05) * h,
        3,
        s.r.pick(['#4f7d3a', '#a0653a', '#e7d3b0']),
      ),
    );
  // Momos on a tray, in rows.
  for (let r = 0; r < 2; r++)
    for (let c = 0; c < 4; c++) s.add(momo(s, w * (0.68 + c * 0.065), h * (0.62 + r * 0.12), h * 0.045));
  // Steamer with steam.
  const sx = w * 0.86;
  const sy = h * 0.4;
  s.add(
    rect(sx - w * 0.09, sy, w * 0.18, h * 0.12, '#c9a46a'),
    ell(sx, sy, w * 0.09, h * 0.03, '#e6cf9c'),
    rect(sx - w * 0.09, sy + h * 0.05, w * 0.18, h * 0.015, '#9b7a44'),
  );
  for (let k = 0; k < 3; k++)
    s.add(
      stroke(
        `M${n(sx - w * 0.04 + k * w * 0.04)},${n(sy - h * 0.03)} q-${n(w * 0.02)},-${n(h * 0.06)} 0,-${n(h * 0.12)} q${n(w * 0.02)},-${n(h * 0.06)} 0,-${n(h * 0.12)}`,
        '#ffffff',
        h * 0.012,
        'opacity="0.55"',
      ),
    );
  s.add(sauceBowl(w * 0.55, h * 0.88, h * 0.06, '#d9531e'));
}

/**
 * Travel tips, top-down: a map, passport, camera, sunglasses, water bottle, prayer beads and tea.
 * @param {Scene} s
 */
function drawTravelTips(s) {
  const { w, h } = s;
  s.add(tableTop(s, '#9a6a44'));
  // Folded paper map with routes (no labels).
  const mx = w * 0.3;
  const my = h * 0.5;
  s.add(
    `<g transform="rotate(-6 ${n(mx)} ${n(my)})">${rect(mx - w * 0.22, my - h * 0.35, w * 0.44, h * 0.7, '#f1e4cc')}${rect(mx - w * 0.22, my - h * 0.35, w * 0.11, h * 0.7, '#e6d6b8')}${rect(mx, my - h * 0.35, w * 0.11, h * 0.7, '#e6d6b8')}${stroke(`M${n(mx - w * 0.2)},${n(my + h * 0.2)} C${n(mx - w * 0.05)},${n(my)} ${n(mx)},${n(my + h * 0.25)} ${n(mx + w * 0.2)},${n(my - h * 0.1)}`, '#7fb6d3', h * 0.03)}${stroke(`M${n(mx - w * 0.18)},${n(my - h * 0.25)} L${n(mx + w * 0.05)},${n(my - h * 0.05)} L${n(mx + w * 0.18)},${n(my + h * 0.3)}`, '#c9b08a', h * 0.015)}${circ(mx + w * 0.05, my - h * 0.05, h * 0.05, '#ffffff')}${circ(mx + w * 0.05, my - h * 0.05, h * 0.02, C.gold)}${stroke(`M${n(mx - w * 0.15)},${n(my + h * 0.28)} C${n(mx - w * 0.1)},${n(my + h * 0.1)} ${n(mx - w * 0.05)},${n(my)} ${n(mx + w * 0.03)},${n(my - h * 0.03)}`, C.maroon, 3, 'stroke-dasharray="6 8"')}</g>`,
  );
  // Passport.
  const px = w * 0.62;
  const py = h * 0.22;
  s.add(
    `<g transform="rotate(10 ${n(px)} ${n(py)})">${rrect(px - w * 0.05, py - h * 0.14, w * 0.1, h * 0.26, 6, C.maroon)}${circ(px, py - h * 0.02, h * 0.04, 'none', `stroke="${C.gold}" stroke-width="3"`)}${rect(px - w * 0.03, py + h * 0.06, w * 0.06, h * 0.01, C.gold)}</g>`,
  );
  // Camera.
  const cx = w * 0.8;
  const cy = h * 0.3;
  s.add(
    rrect(cx - w * 0.09, cy - h * 0.12, w * 0.18, h * 0.22, 12, '#2b2b2e'),
    rect(cx - w * 0.09, cy - h * 0.05, w * 0.18, h * 0.08, '#4a4a4e'),
    circ(cx, cy - h * 0.01, h * 0.09, '#1a1a1c'),
    circ(cx, cy - h * 0.01, h * 0.065, '#3b4d75'),
    circ(cx - h * 0.02, cy - h * 0.03, h * 0.02, '#ffffff', 'opacity="0.4"'),
  );
  // Sunglasses.
  const gx = w * 0.64;
  const gy = h * 0.72;
  s.add(
    ell(gx - w * 0.04, gy, w * 0.035, h * 0.06, '#3b2a22'),
    ell(gx + w * 0.04, gy, w * 0.035, h * 0.06, '#3b2a22'),
    line(gx - w * 0.006, gy, gx + w * 0.006, gy, '#3b2a22', 4),
  );
  // Water bottle and mala beads.
  s.add(
    `<g transform="rotate(-30 ${n(w * 0.87)} ${n(h * 0.72)})">${rrect(w * 0.84, h * 0.52, w * 0.06, h * 0.4, 12, '#2f8f83')}${rect(w * 0.85, h * 0.47, w * 0.04, h * 0.06, '#1f6f66')}</g>`,
  );
  for (let i = 0; i < 30; i++) {
    const a = (i / 30) * Math.PI * 2;
    s.add(circ(w * 0.5 + Math.cos(a) * w * 0.05, h * 0.85 + Math.sin(a) * h * 0.07, h * 0.012, '#5a2a1c'));
  }
  s.add(teaCup(w * 0.08, h * 0.15, h * 0.09));
}

/**
 * The hotel: a five-storey guesthouse in brick and cream with carved windows, balconies, a rooftop terrace with
 * flags and a parasol, and the entrance with marigolds.
 * @param {Scene} s @param {{ mood?: Mood }} [o]
 */
function drawHotel(s, o = {}) {
  const { w, h } = s;
  const mood = o.mood ?? 'gold';
  s.add(sky(s, mood, { sun: [w * 0.85, h * 0.3], clouds: 3 }));
  s.add(
    mountains(s, { y: h * 0.4, amp: h * 0.15, color: '#a48fa6', snow: 0.55, snowColor: '#fde3c0', bottom: h * 0.8 }),
  );
  s.add(
    houses(s, {
      x0: -10,
      x1: w + 10,
      base: h * 0.95,
      minH: h * 0.25,
      maxH: h * 0.5,
      minW: w * 0.08,
      maxW: w * 0.16,
      haze: LIGHT[mood].haze,
      hazeAmt: 0.3,
    }),
  );
  s.add(rect(0, h * 0.95, w, h * 0.05, '#b7a58c'));
  const bw = Math.min(w * 0.4, h * 0.8);
  const x0 = w / 2 - bw / 2;
  const top = h * 0.27;
  const base = h * 0.97;
  const floors = 4;
  const fh = (base - top) / floors;
  s.add(rect(x0, top, bw, base - top, '#f0e2c8'));
  s.add(rect(x0 + bw * 0.92, top, bw * 0.08, base - top, '#d9c6a4'));
  s.add(brickWall(s, x0, top + fh * (floors - 1), bw, fh, bw * 0.05));
  for (let f = 0; f < floors; f++) {
    const y = top + f * fh;
    s.add(rect(x0 - bw * 0.02, y + fh - fh * 0.06, bw * 1.04, fh * 0.06, C.maroon));
    if (f === floors - 1) {
      for (const k of [0.08, 0.74]) s.add(newariWindow(s, x0 + bw * k, y + fh * 0.2, bw * 0.16, fh * 0.45));
      continue;
    }
    for (let k = 0; k < 3; k++) s.add(newariWindow(s, x0 + bw * (0.12 + k * 0.3), y + fh * 0.25, bw * 0.16, fh * 0.5));
    if (f === 1 || f === 2) {
      s.add(rect(x0 + bw * 0.05, y + fh * 0.78, bw * 0.9, fh * 0.05, C.woodDark));
      for (let x = x0 + bw * 0.06; x < x0 + bw * 0.95; x += bw * 0.03)
        s.add(rect(x, y + fh * 0.6, bw * 0.008, fh * 0.2, C.woodDark));
      s.add(rect(x0 + bw * 0.05, y + fh * 0.58, bw * 0.9, fh * 0.03, C.woodDark));
      for (let x = x0 + bw * 0.1; x < x0 + bw * 0.9; x += bw * 0.16)
        s.add(potPlant(s, x, y + fh * 0.6, fh * 0.13, s.r.chance(0.5) ? 'marigold' : 'geranium'));
    }
  }
  // Door.
  const dx = w / 2;
  s.add(
    rect(dx - bw * 0.09, base - fh * 0.75, bw * 0.18, fh * 0.75, C.woodDark),
    rect(dx - bw * 0.07, base - fh * 0.68, bw * 0.14, fh * 0.68, '#ffcf7a'),
  );
  s.add(garland(s, dx - bw * 0.09, base - fh * 0.76, dx + bw * 0.09, base - fh * 0.76, fh * 0.1, fh * 0.025));
  // Rooftop: parapet, parasol and flags.
  s.add(
    rect(x0 - bw * 0.02, top - fh * 0.15, bw * 1.04, fh * 0.15, '#e9d8b8'),
    rect(x0 - bw * 0.02, top - fh * 0.17, bw * 1.04, fh * 0.03, C.maroon),
  );
  s.add(
    rect(x0 + bw * 0.7, top - fh * 0.75, bw * 0.01, fh * 0.6, '#4a2a17'),
    pth(
      `M${n(x0 + bw * 0.55)},${n(top - fh * 0.6)} Q${n(x0 + bw * 0.705)},${n(top - fh * 1.05)} ${n(x0 + bw * 0.86)},${n(top - fh * 0.6)}Z`,
      C.maroon,
    ),
  );
  s.add(rect(x0 + bw * 0.1, top - fh * 1.2, bw * 0.01, fh * 1.05, '#4a2a17'));
  s.add(
    flagString(s, {
      x1: x0 + bw * 0.105,
      y1: top - fh * 1.15,
      x2: -20,
      y2: h * 0.35,
      sag: h * 0.03,
      size: h * 0.035,
      wind: 0.1,
    }),
  );
  s.add(
    flagString(s, {
      x1: x0 + bw * 0.105,
      y1: top - fh * 1.15,
      x2: w + 20,
      y2: h * 0.22,
      sag: h * 0.05,
      size: h * 0.035,
      wind: 0.2,
    }),
  );
  s.add(
    potPlant(s, x0 - bw * 0.1, base, fh * 0.35, 'marigold'),
    potPlant(s, x0 + bw * 1.1, base, fh * 0.35, 'marigold'),
  );
}

/**
 * The default banner: the stupa centred under crossing strings of flags.
 * @param {Scene} s @param {{ mood?: Mood, cx?: number }} [o]
 */
function drawBanner(s, o = {}) {
  const { w, h } = s;
  const R = h * 0.17;
  const cx = o.cx ?? w / 2;
  const view = boudhaView(s, {
    mood: o.mood ?? 'gold',
    cx,
    ground: h * 0.78,
    R,
    horizon: h * 0.62,
    sun: [w * 0.85, h * 0.45],
    clouds: 3,
  });
  s.add(view.svg);
  const pin = view.stupa.pinnacle;
  s.add(flagString(s, { x1: -20, y1: h * 0.05, x2: pin[0], y2: pin[1] + 5, sag: h * 0.06, size: h * 0.04, wind: 0.2 }));
  s.add(
    flagString(s, { x1: pin[0], y1: pin[1] + 5, x2: w + 20, y2: h * 0.08, sag: h * 0.06, size: h * 0.04, wind: 0.2 }),
  );
  s.add(birds(s, w * 0.1, h * 0.1, w * 0.3, h * 0.2, 5, h * 0.015, 'rgba(60,40,40,0.6)'));
}

/**
 * The default share image: the stupa at the right and the hotel's name in a large serif at the left.
 * @param {Scene} s
 */
function drawOg(s) {
  const { w, h } = s;
  drawBanner(s, { mood: 'gold', cx: w * 0.74 });
  // A cream panel for the name.
  s.add(
    rect(
      0,
      0,
      w * 0.5,
      h,
      s.lin(
        [
          [0, '#fbf7f0', 0.96],
          [0.8, '#fbf7f0', 0.9],
          [1, '#fbf7f0', 0],
        ],
        0,
        0,
        1,
        0,
      ),
    ),
  );
  const x = w * 0.06;
  const fam = "Georgia, 'DejaVu Serif', 'Times New Roman', serif";
  s.add(
    `<text x="${n(x)}" y="${n(h * 0.36)}" font-family="${fam}" font-size="${n(h * 0.15)}" fill="${C.maroon}" font-weight="bold">Boudha</text>`,
  );
  s.add(
    `<text x="${n(x)}" y="${n(h * 0.53)}" font-family="${fam}" font-size="${n(h * 0.15)}" fill="${C.maroon}" font-weight="bold">Mandala</text>`,
  );
  s.add(
    `<text x="${n(x)}" y="${n(h * 0.7)}" font-family="${fam}" font-size="${n(h * 0.15)}" fill="${C.saffron}">Hotel</text>`,
  );
  s.add(rect(x, h * 0.77, w * 0.16, h * 0.012, C.gold));
  s.add(circ(x + w * 0.19, h * 0.776, h * 0.014, C.gold));
}

/* ------------------------------------------------------------------------------------------------------------ */
/* Jobs and rendering                                                                                             */
/* ------------------------------------------------------------------------------------------------------------ */

/**
 * One image: its file under src/assets/images, its size, the drawing, and optionally the grain strength to try first
 * (a hint that saves re-renders for busy pictures; the size budget still decides).
 * @typedef {{ file: string, w: number, h: number, draw: (s: Scene) => void, grain?: number }} Job
 */

/** @type {Job[]} */
export const JOBS = [
  { file: 'hero.jpg', w: 2400, h: 1350, draw: drawHero, grain: 0.3 },
  { file: 'about-story.jpg', w: 1600, h: 1067, draw: drawAboutStory, grain: 0.6 },
  { file: 'cafe.jpg', w: 1600, h: 1067, draw: (s) => drawCafe(s) },
  { file: 'thangka-class.jpg', w: 1600, h: 1067, draw: drawThangkaClass },
  { file: 'laundry.jpg', w: 1600, h: 1067, draw: drawLaundry },
  { file: 'location-map.jpg', w: 1600, h: 1067, draw: drawMap, grain: 0.75 },
  { file: 'rooms/deluxe-double.jpg', w: 1600, h: 1067, draw: (s) => drawDeluxeDouble(s) },
  { file: 'rooms/deluxe-twin.jpg', w: 1600, h: 1067, draw: (s) => drawDeluxeTwin(s) },
  { file: 'rooms/balcony.jpg', w: 1600, h: 1067, draw: drawBalconyRoom },
  { file: 'rooms/suite.jpg', w: 1600, h: 1067, draw: drawSuite },
  { file: 'rooms/stupa-view.jpg', w: 1600, h: 1067, draw: (s) => drawStupaView(s) },
  { file: 'rooms/apartment.jpg', w: 1600, h: 1067, draw: drawApartment },
  { file: 'rooms/apartment-balcony-stupa-view.jpg', w: 1600, h: 1067, draw: drawApartmentBalcony },
  { file: 'rooms/ashram.jpg', w: 1600, h: 1067, draw: drawAshram },
  {
    file: 'gallery/room-1.jpg',
    w: 1200,
    h: 900,
    draw: (s) => drawDeluxeDouble(s, { wall: '#efd3b5', runner: C.saffron, mood: 'dusk' }),
  },
  {
    file: 'gallery/room-2.jpg',
    w: 1200,
    h: 900,
    draw: (s) => drawDeluxeTwin(s, { wall: '#f2e6d2', runner: '#1e3f7a', mood: 'gold' }),
  },
  { file: 'gallery/terrace.jpg', w: 1200, h: 900, draw: drawTerrace },
  { file: 'gallery/lobby.jpg', w: 1200, h: 900, draw: drawLobby },
  { file: 'gallery/breakfast.jpg', w: 1200, h: 900, draw: drawBreakfast },
  { file: 'gallery/momo.jpg', w: 1200, h: 900, draw: drawMomo },
  { file: 'gallery/yoga.jpg', w: 1200, h: 900, draw: drawYoga },
  { file: 'gallery/meditation.jpg', w: 1200, h: 900, draw: drawMeditation },
  { file: 'gallery/stupa-dawn.jpg', w: 1200, h: 900, draw: (s) => drawBanner(s, { mood: 'dawn' }) },
  { file: 'gallery/kora.jpg', w: 1200, h: 900, draw: (s) => drawKora(s, 'day') },
  { file: 'gallery/monastery.jpg', w: 1200, h: 900, draw: (s) => drawMonastery(s, { monks: 2 }) },
  { file: 'gallery/prayer-wheels.jpg', w: 1200, h: 900, draw: drawPrayerWheels },
  { file: 'blog/kora-dawn.jpg', w: 1200, h: 630, draw: (s) => drawKora(s, 'dawn') },
  { file: 'blog/butter-lamps.jpg', w: 1200, h: 630, draw: drawButterLamps },
  { file: 'blog/losar.jpg', w: 1200, h: 630, draw: drawLosar },
  { file: 'blog/momo-kitchen.jpg', w: 1200, h: 630, draw: drawMomoKitchen },
  { file: 'blog/monastery-visit.jpg', w: 1200, h: 630, draw: (s) => drawMonastery(s, { monks: 4 }) },
  { file: 'blog/travel-tips.jpg', w: 1200, h: 630, draw: drawTravelTips },
  { file: 'blog/hotel-news.jpg', w: 1200, h: 630, draw: (s) => drawHotel(s) },
  { file: 'blog/default.jpg', w: 1200, h: 630, draw: (s) => drawBanner(s) },
  { file: 'og-default.jpg', w: 1200, h: 630, draw: drawOg },
];

/** Size budget per JPEG (250 KB, counted in thousands to be safe), with a little headroom. */
const MAX_BYTES = 245_000;

/**
 * Builds the SVG source of one image.
 * @param {Job} job
 * @param {number} [grain] film-grain strength (1 by default)
 * @returns {string}
 */
export function buildSvg(job, grain = 1) {
  const s = new Scene(job.w, job.h, job.file);
  job.draw(s);
  s.grain *= grain;
  return s.toString();
}

/**
 * Renders one job to JPEG, lowering the grain if the file would be over the size budget.
 * @param {Job} job
 * @returns {Promise<{ file: string, bytes: number, grain: number }>}
 */
export async function renderJob(job) {
  const out = path.join(IMAGES, job.file);
  await mkdir(path.dirname(out), { recursive: true });
  // Start from a guess scaled to the picture's area (fine grain is what costs bytes), then step down if needed.
  let grain = job.grain ?? Math.min(1, Math.round((2.2e6 / (job.w * job.h)) * 10) / 10);
  for (;;) {
    const svg = buildSvg(job, grain);
    const buf = await sharp(Buffer.from(svg))
      .flatten({ background: C.cream })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer();
    if (buf.length <= MAX_BYTES || grain === 0) {
      if (buf.length > MAX_BYTES) throw new Error(`${job.file} is ${buf.length} bytes even without grain`);
      await writeFile(out, buf);
      return { file: job.file, bytes: buf.length, grain };
    }
    grain = grain < 0.1 ? 0 : Math.round(grain * 0.75 * 100) / 100;
  }
}

/**
 * The favicon: a gold stupa (terraces, dome, the harmika with the eyes, the tapering spire and pinnacle) on a
 * maroon tile. Square 64 x 64 viewBox.
 * @param {{ rounded?: boolean }} [o] `rounded: false` fills the whole square (for the Apple touch icon)
 * @returns {string}
 */
export function faviconSvg(o = {}) {
  const gold = C.gold;
  const light = C.goldLight;
  const m = C.maroon;
  const bg =
    o.rounded === false
      ? `<rect width="64" height="64" fill="${m}"/>`
      : `<rect width="64" height="64" rx="14" fill="${m}"/>`;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">',
    bg,
    // Terraces.
    `<rect x="8" y="50" width="48" height="5" rx="1" fill="${gold}"/>`,
    `<rect x="13" y="45" width="38" height="4" rx="1" fill="${gold}"/>`,
    // Dome.
    `<path d="M15 44 C15 34 22 30 32 30 C42 30 49 34 49 44 Z" fill="${light}"/>`,
    `<rect x="15" y="42.4" width="34" height="1.6" fill="${m}" opacity="0.35"/>`,
    // Harmika with the eyes.
    `<rect x="24.5" y="21.5" width="15" height="8.5" fill="${gold}"/>`,
    `<path d="M26.5 26 Q28.8 24 31 26 Q28.8 27.2 26.5 26Z M33 26 Q35.2 24 37.5 26 Q35.2 27.2 33 26Z" fill="${m}"/>`,
    `<path d="M31.2 27.2 q0.8 -0.8 1.6 0 q-0.2 1 -0.8 1.2" fill="none" stroke="${m}" stroke-width="0.9" stroke-linecap="round"/>`,
    // Spire of steps, parasol and pinnacle.
    `<path d="M26 20.5 L38 20.5 L35 9.5 L29 9.5 Z" fill="${gold}"/>`,
    `<path d="M27.3 17.5 H36.7 M28.2 14.5 H35.8 M28.9 11.8 H35.1" stroke="${m}" stroke-width="1.1"/>`,
    `<rect x="27" y="7.6" width="10" height="2" rx="1" fill="${light}"/>`,
    `<circle cx="32" cy="5.2" r="2" fill="${light}"/>`,
    '</svg>',
  ].join('');
}

/** Writes public/favicon.svg and renders favicon.png (48 x 48) and apple-touch-icon.png (180 x 180) from it. */
export async function renderFavicons() {
  await mkdir(PUBLIC, { recursive: true });
  const svg = faviconSvg();
  await writeFile(path.join(PUBLIC, 'favicon.svg'), svg + '\n');
  /** @type {[string, number, string][]} */
  const outs = [
    ['favicon.png', 48, svg],
    ['apple-touch-icon.png', 180, faviconSvg({ rounded: false })],
  ];
  for (const [file, size, src] of outs) {
    const buf = await sharp(Buffer.from(src), { density: (72 * size) / 64 })
      .resize(size, size)
      .png({ compressionLevel: 9 })
      .toBuffer();
    await writeFile(path.join(PUBLIC, file), buf);
    console.log(`public/${file.padEnd(37)} ${String(buf.length).padStart(7)} B`);
  }
}

/**
 * Regenerates every image whose name contains one of the filters (all when none are given), then the favicons.
 * @param {string[]} filters
 */
export async function renderAll(filters) {
  const jobs = filters.length ? JOBS.filter((j) => filters.some((f) => j.file.includes(f))) : JOBS;
  for (const job of jobs) {
    const t = performance.now();
    const res = await renderJob(job);
    const note = res.grain < 1 ? ` (grain ${res.grain.toFixed(2)})` : '';
    console.log(
      `${res.file.padEnd(44)} ${String(res.bytes).padStart(7)} B  ${Math.round(performance.now() - t)} ms${note}`,
    );
  }
  if (!filters.length || filters.some((f) => 'favicon'.includes(f))) await renderFavicons();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await renderAll(process.argv.slice(2));
}
