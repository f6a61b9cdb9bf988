import type { Check } from './types';
import { segmentsToPath } from '../problems';
import { hoursProblems } from '../../document/hours';

export const openingHours: Check = {
  meta: {
    code: 'opening-hours',
    description: 'Open days have opening and closing times, closing after opening; one entry per day; special hours have real, unique dates.',
  },
  run(doc) {
    return (doc.dealerships ?? []).flatMap((d, i) =>
      (d.locations ?? []).flatMap((l, j) =>
        hoursProblems(l.contact_detail?.opening_hours, l.special_hours).map((p) => ({
          path: segmentsToPath(['dealerships', i, 'locations', j, ...p.at]),
          message: `${p.message} (location "${l.name}")`,
        })),
      ),
    );
  },
};
