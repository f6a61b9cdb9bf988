// The few facts about a car a lead form shows and sends (the server looks the car up again by id).
import type { Car } from '../../../schemas/generated/car';
import { vehicleTitle } from '../../domain/vehicle/vehicle-title';

export interface LeadFormCar {
  id: number;
  slug: string;
  name: string;
  make: string;
  model: string;
  year?: number;
  car_type?: string;
  tag?: string | null;
  status?: string;
  stocknum?: string | null;
  vin?: string | null;
  price?: number;
  image?: string | null;
  dealership_id?: number;
  location_id?: number;
}

export function leadFormCar(car: Car): LeadFormCar {
  return {
    id: car.id,
    slug: car.slug,
    name: vehicleTitle(car),
    make: car.make,
    model: car.model,
    year: car.year,
    car_type: car.car_type,
    tag: car.tag ?? null,
    status: car.status,
    stocknum: car.stocknum ?? null,
    vin: car.vin ?? null,
    price: car.price,
    image: car.primary_image_url ?? null,
    dealership_id: car.dealership_id,
    location_id: car.location_id,
  };
}
