// A fixed camera slightly above the vehicle; the vehicle turns by `angle` degrees about its vertical axis.
// 0 = side view with the nose to the right, 90 = facing the front, 180 = other side, 270 = rear.

export interface Camera {
  angle: number;
  /** pixels per metre */
  scale: number;
  centreX: number;
  groundY: number;
  /** half the vehicle length, so rotation happens about the middle */
  halfLength: number;
}

const ELEVATION = (9 * Math.PI) / 180;
const SIN_E = Math.sin(ELEVATION);
const COS_E = Math.cos(ELEVATION);

/** Screen position and depth (bigger = nearer the viewer) of a point on the vehicle. */
export function project(camera: Camera, x: number, y: number, z: number): { sx: number; sy: number; depth: number } {
  const t = (camera.angle * Math.PI) / 180;
  const xc = x - camera.halfLength;
  const across = xc * Math.cos(t) - z * Math.sin(t);
  const depth = xc * Math.sin(t) + z * Math.cos(t);
  return {
    sx: camera.centreX + across * camera.scale,
    sy: camera.groundY - y * COS_E * camera.scale + depth * SIN_E * camera.scale,
    depth,
  };
}

/** How much a surface with outward normal (nx, ny, nz) faces the viewer; > 0 means visible. */
export function facing(camera: Camera, nx: number, ny: number, nz: number): number {
  const t = (camera.angle * Math.PI) / 180;
  return (nx * Math.sin(t) + nz * Math.cos(t)) * COS_E + ny * SIN_E;
}

/** Brightness factor for a surface, lit from the upper left of the camera. */
export function lighting(camera: Camera, nx: number, ny: number, nz: number): number {
  const t = (camera.angle * Math.PI) / 180;
  const camX = nx * Math.cos(t) - nz * Math.sin(t);
  const camZ = nx * Math.sin(t) + nz * Math.cos(t);
  const length = Math.hypot(camX, ny, camZ) || 1;
  const dot = (-0.35 * camX + 0.8 * ny + 0.5 * camZ) / length;
  return 0.62 + 0.45 * Math.max(0, dot);
}
