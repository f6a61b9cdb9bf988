// Words the generated listings are made of: features, dealer comment sentences, tags, hotspots.

export const EQUIPMENT = [
  'Apple CarPlay',
  'Android Auto',
  'Reversing Camera',
  '360 Degree Camera',
  'Adaptive Cruise Control',
  'Autonomous Emergency Braking',
  'Blind Spot Monitor',
  'Rear Cross Traffic Alert',
  'Lane Keep Assist',
  'Lane Departure Warning',
  'Traffic Sign Recognition',
  'Driver Attention Alert',
  'Dual Zone Climate Control',
  'Heated Front Seats',
  'Leather Trim',
  'Power Driver Seat',
  'Keyless Entry',
  'Push Button Start',
  'Wireless Phone Charger',
  'Satellite Navigation',
  'Digital Radio (DAB+)',
  'LED Headlights',
  'Auto High Beam',
  'Rain Sensing Wipers',
  'Front Parking Sensors',
  'Rear Parking Sensors',
  'Alloy Wheels',
  'Sunroof',
  'Power Tailgate',
  'Head Up Display',
  'Tow Bar',
  'Roof Rails',
  'Tub Liner',
  'Bull Bar',
  'Side Steps',
  '7 Airbags',
  'Hill Descent Control',
  'Rear Differential Lock',
  'Tyre Pressure Monitor',
  'Privacy Glass',
];

/** Headline features that also serve as a search facet (filtered_features). */
export const HEADLINE_FEATURES = [
  'Apple CarPlay',
  'Reversing Camera',
  'Adaptive Cruise Control',
  'Sunroof',
  'Tow Bar',
  'Leather Trim',
  'Heated Front Seats',
  'Satellite Navigation',
];

export const COMMENT_OPENERS = [
  'This {title} is ready for its new owner.',
  'Just traded in, this {title} presents in outstanding condition inside and out.',
  'Looking for a reliable {body}? This {title} ticks every box.',
  'Be quick to secure this well-optioned {title}.',
];

export const COMMENT_SENTENCES = [
  'It comes with a full service history and two keys.',
  'Our team has completed a comprehensive multi-point inspection.',
  'Finance is available on the spot, subject to approval, and trade-ins are welcome.',
  'Features include {features}.',
  'The {colour} paint has been professionally detailed and the interior is clean and smoke free.',
  'Every vehicle we sell comes with our 48 hour money back guarantee.',
  'We can arrange delivery anywhere in Australia; ask our team for a quote.',
  'Extended warranty options are available for extra peace of mind.',
  'Call our friendly sales team today to book a test drive before it is gone.',
  'New tyres were fitted at the last service and the brakes have plenty of life left.',
];

/** Free-text tags dealers put on stock (docs/requirements/vehicle-browsing.md#data: tag, e.g. Test Drive Only, Runout Sale). */
export const TAGS_BY_CAR_TYPE: Record<'new' | 'used' | 'demo', string[]> = {
  new: ['Runout Sale', 'Test Drive Only', 'Special Offer', 'Factory Bonus'],
  demo: ['Test Drive Only', 'Ex-Demo', 'Special Offer', 'Runout Sale'],
  used: ['Low Kms', 'One Owner', 'Price Drop', 'Just Arrived', 'Special Offer'],
};

export const EXTERIOR_HOTSPOTS = [
  { id: 'wheels', description: 'Alloy wheels with near-new tyres', point: { x: 0.78, y: 0.18 } },
  { id: 'headlights', description: 'LED headlights with auto high beam', point: { x: 1.0, y: 0.52 } },
  { id: 'paint', description: 'Minor stone chip on the bonnet', point: { x: 0.82, y: 0.62 } },
  { id: 'tailgate', description: 'Power tailgate', point: { x: 0.0, y: 0.55 } },
  { id: 'roof', description: 'Panoramic sunroof', point: { x: 0.5, y: 0.95 } },
];

export const INTERIOR_HOTSPOTS = [
  { id: 'screen', description: 'Touchscreen with Apple CarPlay and Android Auto', posX: 50, posY: 42 },
  { id: 'steering', description: 'Leather steering wheel with audio controls', posX: 30, posY: 58 },
  { id: 'seats', description: 'Heated front seats', posX: 72, posY: 75 },
];

export const DISTRIBUTION_REGIONS = ['Brisbane Metro', 'Gold Coast', 'Sunshine Coast', 'Sydney Metro', 'Melbourne Metro', 'Regional NSW'];

export const PAYMENT_PROCESSORS = ['stripe', 'paypal', 'afterpay'];
