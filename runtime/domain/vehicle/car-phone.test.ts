import { describe, expect, it } from 'vitest';
import { carPhone } from './car-phone';

const at = (phone: string) => ({ contact_detail: { phone } });
const vehicle = (car_type: string) => ({ car: { car_type }, location: at('07 3000 1000'), primaryLocation: at('07 3000 2000') });
const phones = { new: '1300 111 222', used: '1300 333 444', demo: '', filterByCarType: true };

describe('carPhone', () => {
  it("rings the number of the car's type on sites that filter by car type", () => {
    expect(carPhone(vehicle('new'), phones)).toBe('1300 111 222');
    expect(carPhone(vehicle('used'), phones)).toBe('1300 333 444');
  });

  it("falls back to the car's location, then the primary location, when the type has no number or the flag is off", () => {
    expect(carPhone(vehicle('demo'), phones)).toBe('07 3000 1000');
    expect(carPhone(vehicle('new'), { ...phones, filterByCarType: false })).toBe('07 3000 1000');
    expect(carPhone(vehicle('new'), undefined)).toBe('07 3000 1000');
    expect(carPhone({ car: { car_type: 'used' }, primaryLocation: at('07 3000 2000') }, { filterByCarType: false })).toBe('07 3000 2000');
    expect(carPhone({ car: { car_type: 'used', location: { phone: '02 9000 0000' } } })).toBe('02 9000 0000');
    expect(carPhone({ car: {} })).toBe('');
  });

  it("rings the dealership's configured sales number ahead of the location's, after the numbers by car type", () => {
    const dealership = { config: { salesPhone: '07 4632 7111', servicePhone: '07 4632 7190' } };
    expect(carPhone({ ...vehicle('demo'), dealership }, phones)).toBe('07 4632 7111');
    expect(carPhone({ ...vehicle('used'), dealership }, undefined)).toBe('07 4632 7111');
    expect(carPhone({ ...vehicle('new'), dealership }, phones)).toBe('1300 111 222');
    // only the service number configured: sales calls still go to the location
    expect(carPhone({ ...vehicle('used'), dealership: { config: { servicePhone: '07 4632 7190' } } })).toBe('07 3000 1000');
  });
});
