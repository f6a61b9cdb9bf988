import type { Point } from './svg-helpers';

// Side profiles of each body type in metres (x from rear bumper to nose, y up from the ground),
// listed counter-clockwise. The drawing extrudes them across the body width, so a spin really rotates.

export type BodyKind =
  | 'sedan'
  | 'hatch'
  | 'suv'
  | 'ute'
  | 'wagon'
  | 'van'
  | 'coupe'
  | 'convertible'
  | 'cab-chassis'
  | 'people-mover'
  | 'caravan'
  | 'motorcycle';

export const BODY_KINDS: BodyKind[] = [
  'sedan',
  'hatch',
  'suv',
  'ute',
  'wagon',
  'van',
  'coupe',
  'convertible',
  'cab-chassis',
  'people-mover',
  'caravan',
  'motorcycle',
];

/** An edge (from point i to i+1) painted as glass or as dark interior / tray liner instead of paint. */
type EdgeRole = 'glass' | 'interior';

export interface ExtrudedPart {
  points: Point[];
  /** Full width in metres. */
  width: number;
  /** 'body' paints in the car's colour; otherwise a fixed colour (alloy tray, chassis, caravan walls). */
  fill: 'body' | string;
  edgeRoles?: Record<number, EdgeRole>;
  /** Glass areas on both side faces. */
  sideWindows?: Point[][];
  /** Painted areas on both side faces (caravan stripe) in the car's colour. */
  sideDecals?: Point[][];
  /** Above this height the sides lean inwards (tumblehome). */
  beltline?: number;
  /** Heights of head lights (front face) and tail lights (rear face) of this part. */
  lights?: { head?: number; tail?: number };
}

export interface BodyProfile {
  length: number;
  parts: ExtrudedPart[];
  wheels: number[];
  wheelRadius: number;
  /** Half the track, metres. */
  track: number;
}

const glassAt = (...edges: number[]): Record<number, EdgeRole> => Object.fromEntries(edges.map((e) => [e, 'glass' as EdgeRole]));

export const BODY_PROFILES: Record<Exclude<BodyKind, 'motorcycle'>, BodyProfile> = {
  sedan: {
    length: 4.72,
    wheels: [0.95, 3.75],
    wheelRadius: 0.33,
    track: 0.8,
    parts: [
      {
        width: 1.82,
        fill: 'body',
        beltline: 1.0,
        lights: { head: 0.68, tail: 0.85 },
        edgeRoles: glassAt(5, 7),
        points: [
          [0.1, 0.3],
          [4.6, 0.3],
          [4.72, 0.5],
          [4.7, 0.72],
          [4.45, 0.9],
          [3.55, 1.0],
          [2.85, 1.44],
          [1.6, 1.44],
          [0.95, 1.02],
          [0.1, 0.98],
          [0, 0.75],
          [0.02, 0.45],
        ],
        sideWindows: [
          [
            [3.35, 1.03],
            [2.8, 1.38],
            [2.3, 1.38],
            [2.3, 1.03],
          ],
          [
            [2.2, 1.03],
            [2.2, 1.38],
            [1.68, 1.38],
            [1.15, 1.03],
          ],
        ],
      },
    ],
  },
  hatch: {
    length: 4.32,
    wheels: [0.75, 3.35],
    wheelRadius: 0.32,
    track: 0.78,
    parts: [
      {
        width: 1.79,
        fill: 'body',
        beltline: 0.98,
        lights: { head: 0.66, tail: 0.95 },
        edgeRoles: glassAt(5, 7),
        points: [
          [0.08, 0.3],
          [4.2, 0.3],
          [4.32, 0.5],
          [4.3, 0.7],
          [4.05, 0.86],
          [3.2, 0.98],
          [2.55, 1.44],
          [0.55, 1.44],
          [0.08, 1.05],
          [0, 0.8],
          [0.02, 0.45],
        ],
        sideWindows: [
          [
            [3.0, 1.0],
            [2.5, 1.38],
            [1.95, 1.38],
            [1.95, 1.0],
          ],
          [
            [1.85, 1.0],
            [1.85, 1.38],
            [0.65, 1.38],
            [0.3, 1.0],
          ],
        ],
      },
    ],
  },
  suv: {
    length: 4.62,
    wheels: [0.85, 3.65],
    wheelRadius: 0.38,
    track: 0.82,
    parts: [
      {
        width: 1.86,
        fill: 'body',
        beltline: 1.15,
        lights: { head: 0.88, tail: 1.05 },
        edgeRoles: glassAt(5, 7),
        points: [
          [0.08, 0.4],
          [4.5, 0.4],
          [4.62, 0.6],
          [4.6, 0.9],
          [4.3, 1.05],
          [3.4, 1.15],
          [2.85, 1.68],
          [0.35, 1.7],
          [0.05, 1.25],
          [0, 0.9],
          [0.02, 0.55],
        ],
        sideWindows: [
          [
            [3.2, 1.18],
            [2.8, 1.6],
            [2.25, 1.6],
            [2.25, 1.18],
          ],
          [
            [2.15, 1.18],
            [2.15, 1.6],
            [0.45, 1.62],
            [0.25, 1.2],
          ],
        ],
      },
    ],
  },
  wagon: {
    length: 4.87,
    wheels: [0.95, 3.85],
    wheelRadius: 0.34,
    track: 0.8,
    parts: [
      {
        width: 1.85,
        fill: 'body',
        beltline: 1.02,
        lights: { head: 0.72, tail: 0.95 },
        edgeRoles: glassAt(5, 7),
        points: [
          [0.08, 0.33],
          [4.75, 0.33],
          [4.87, 0.52],
          [4.85, 0.75],
          [4.55, 0.92],
          [3.65, 1.02],
          [3.0, 1.52],
          [0.4, 1.55],
          [0.06, 1.15],
          [0, 0.85],
          [0.02, 0.45],
        ],
        sideWindows: [
          [
            [3.45, 1.05],
            [2.95, 1.46],
            [2.35, 1.46],
            [2.35, 1.05],
          ],
          [
            [2.25, 1.05],
            [2.25, 1.46],
            [0.5, 1.48],
            [0.25, 1.1],
          ],
        ],
      },
    ],
  },
  coupe: {
    length: 4.72,
    wheels: [0.95, 3.7],
    wheelRadius: 0.35,
    track: 0.84,
    parts: [
      {
        width: 1.9,
        fill: 'body',
        beltline: 0.98,
        lights: { head: 0.64, tail: 0.85 },
        edgeRoles: glassAt(5, 7),
        points: [
          [0.1, 0.3],
          [4.6, 0.3],
          [4.72, 0.48],
          [4.7, 0.68],
          [4.35, 0.86],
          [3.3, 0.98],
          [2.6, 1.36],
          [1.75, 1.36],
          [0.4, 1.0],
          [0, 0.9],
          [0, 0.7],
          [0.03, 0.45],
        ],
        sideWindows: [
          [
            [3.1, 1.0],
            [2.55, 1.3],
            [1.8, 1.3],
            [1.2, 1.0],
          ],
        ],
      },
    ],
  },
  convertible: {
    length: 4.02,
    wheels: [0.8, 3.25],
    wheelRadius: 0.32,
    track: 0.75,
    parts: [
      {
        width: 1.74,
        fill: 'body',
        lights: { head: 0.62, tail: 0.8 },
        edgeRoles: { 5: 'glass', 7: 'glass', 8: 'interior', 9: 'interior', 10: 'interior', 11: 'interior', 12: 'interior' },
        points: [
          [0.1, 0.3],
          [3.9, 0.3],
          [4.02, 0.48],
          [4.0, 0.66],
          [3.6, 0.84],
          [2.55, 0.92],
          [2.2, 1.22],
          [2.12, 1.22],
          [2.4, 0.92],
          [1.5, 0.92],
          [1.3, 1.04],
          [0.95, 1.04],
          [0.8, 0.92],
          [0.1, 0.9],
          [0, 0.75],
          [0.03, 0.45],
        ],
      },
    ],
  },
  ute: {
    length: 5.35,
    wheels: [1.15, 4.25],
    wheelRadius: 0.39,
    track: 0.86,
    parts: [
      {
        width: 1.9,
        fill: 'body',
        beltline: 1.22,
        lights: { head: 0.95, tail: 0.95 },
        edgeRoles: { 5: 'glass', 7: 'glass', 8: 'interior' },
        points: [
          [0.05, 0.5],
          [5.25, 0.5],
          [5.35, 0.7],
          [5.33, 1.0],
          [5.0, 1.12],
          [4.05, 1.22],
          [3.5, 1.8],
          [2.15, 1.8],
          [2.05, 1.2],
          [0.05, 1.15],
          [0, 1.0],
          [0.02, 0.62],
        ],
        sideWindows: [
          [
            [3.85, 1.25],
            [3.45, 1.72],
            [2.95, 1.72],
            [2.95, 1.25],
          ],
          [
            [2.85, 1.25],
            [2.85, 1.72],
            [2.25, 1.72],
            [2.2, 1.25],
          ],
        ],
      },
    ],
  },
  'cab-chassis': {
    length: 5.3,
    wheels: [1.2, 4.45],
    wheelRadius: 0.38,
    track: 0.86,
    parts: [
      {
        width: 0.9,
        fill: '#2b2d30',
        points: [
          [0.3, 0.55],
          [3.0, 0.55],
          [3.0, 0.85],
          [0.3, 0.85],
        ],
      },
      {
        width: 2.0,
        fill: '#c9ccce',
        lights: { tail: 0.95 },
        points: [
          [0, 0.85],
          [2.95, 0.85],
          [2.95, 1.05],
          [0, 1.05],
        ],
      },
      {
        width: 1.86,
        fill: 'body',
        beltline: 1.2,
        lights: { head: 0.95 },
        edgeRoles: glassAt(5),
        points: [
          [3.0, 0.55],
          [5.2, 0.55],
          [5.3, 0.72],
          [5.28, 1.0],
          [4.95, 1.12],
          [4.35, 1.2],
          [3.95, 1.85],
          [3.05, 1.85],
          [3.0, 1.2],
        ],
        sideWindows: [
          [
            [4.2, 1.25],
            [3.9, 1.75],
            [3.2, 1.75],
            [3.15, 1.25],
          ],
        ],
      },
    ],
  },
  van: {
    length: 5.27,
    wheels: [0.95, 4.3],
    wheelRadius: 0.36,
    track: 0.84,
    parts: [
      {
        width: 1.95,
        fill: 'body',
        beltline: 1.22,
        lights: { head: 0.9, tail: 1.0 },
        edgeRoles: glassAt(4),
        points: [
          [0.05, 0.35],
          [5.15, 0.35],
          [5.27, 0.55],
          [5.25, 0.95],
          [4.75, 1.2],
          [4.35, 1.95],
          [0.05, 1.99],
          [0, 1.4],
          [0.02, 0.6],
        ],
        sideWindows: [
          [
            [4.5, 1.25],
            [4.2, 1.85],
            [3.7, 1.87],
            [3.7, 1.25],
          ],
        ],
      },
    ],
  },
  'people-mover': {
    length: 5.17,
    wheels: [0.95, 4.1],
    wheelRadius: 0.35,
    track: 0.85,
    parts: [
      {
        width: 1.99,
        fill: 'body',
        beltline: 1.25,
        lights: { head: 0.85, tail: 1.1 },
        edgeRoles: glassAt(5, 7),
        points: [
          [0.05, 0.35],
          [5.05, 0.35],
          [5.17, 0.55],
          [5.15, 0.9],
          [4.7, 1.08],
          [3.95, 1.25],
          [3.25, 1.76],
          [0.3, 1.78],
          [0.04, 1.35],
          [0, 0.9],
          [0.02, 0.55],
        ],
        sideWindows: [
          [
            [3.75, 1.28],
            [3.2, 1.7],
            [2.7, 1.7],
            [2.7, 1.28],
          ],
          [
            [2.6, 1.28],
            [2.6, 1.7],
            [1.5, 1.7],
            [1.5, 1.28],
          ],
          [
            [1.4, 1.28],
            [1.4, 1.7],
            [0.4, 1.71],
            [0.25, 1.32],
          ],
        ],
      },
    ],
  },
  caravan: {
    length: 7.3,
    wheels: [2.6, 3.3],
    wheelRadius: 0.36,
    track: 1.0,
    parts: [
      {
        width: 0.14,
        fill: '#3a3c40',
        points: [
          [6.0, 0.55],
          [7.3, 0.62],
          [7.3, 0.72],
          [6.0, 0.75],
        ],
      },
      {
        width: 2.4,
        fill: '#f4f4f1',
        lights: { tail: 0.7 },
        edgeRoles: glassAt(3),
        points: [
          [0, 0.45],
          [6.0, 0.45],
          [6.05, 2.7],
          [5.8, 2.95],
          [0.2, 2.95],
          [0, 2.75],
        ],
        sideWindows: [
          [
            [1.0, 1.5],
            [2.2, 1.5],
            [2.2, 2.2],
            [1.0, 2.2],
          ],
          [
            [4.3, 1.5],
            [5.4, 1.5],
            [5.4, 2.2],
            [4.3, 2.2],
          ],
        ],
        sideDecals: [
          [
            [0, 1.0],
            [6.02, 1.0],
            [6.03, 1.22],
            [0, 1.22],
          ],
          [
            [0, 2.45],
            [6.04, 2.45],
            [6.04, 2.55],
            [0, 2.55],
          ],
        ],
      },
    ],
  },
};
