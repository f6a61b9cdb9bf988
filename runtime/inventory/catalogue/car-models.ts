import { BODY_DEFAULTS } from './body-defaults';
import type { CarModelSpec, Powertrain, SimpleBody, SimpleDrive, SimpleFuel, SimpleTransmission } from './types';

// Australian new-car catalogue (real makes, models, grades and series codes) that stock is drawn from.
// Powertrain shorthand: P petrol, D diesel, H hybrid, PH plug-in hybrid, E electric; litres; T = turbo.

const FUEL_CODES: Record<string, SimpleFuel> = { P: 'Petrol', D: 'Diesel', H: 'Hybrid', PH: 'Plug-in Hybrid', E: 'Electric' };

function parsePowertrain(code: string): Powertrain {
  const match = /^(PH|P|D|H|E)(\d+(?:\.\d)?)?(T)?$/.exec(code);
  if (!match) throw new Error(`bad powertrain code ${code}`);
  return { fuel: FUEL_CODES[match[1]], litres: match[2] ? Number(match[2]) : 0, turbo: match[3] === 'T' };
}

type Overrides = Partial<Pick<CarModelSpec, 'seats' | 'doors' | 'size' | 'gvm' | 'towing' | 'tank'>>;

function row(
  make: string, model: string, body: SimpleBody, bodyconfiguration: string, badges: string, series: string,
  basePrice: number, powertrains: string, drives: string, transmissions: 'A' | 'AM' | 'M', since: number,
  overrides: Overrides = {},
): CarModelSpec {
  const trans: SimpleTransmission[] = transmissions === 'A' ? ['Automatic'] : transmissions === 'M' ? ['Manual'] : ['Automatic', 'Manual'];
  return {
    make, model, body, bodyconfiguration, basePrice, since,
    badges: badges.split(','), series: series.split(','),
    powertrains: powertrains.split(',').map(parsePowertrain),
    drives: drives.split(',') as SimpleDrive[],
    transmissions: trans,
    ...BODY_DEFAULTS[body],
    ...overrides,
  };
}

export const CAR_MODELS: CarModelSpec[] = [
  row('Toyota', 'HiLux', 'Ute', 'Double Cab', 'Workmate,SR,SR5,Rogue,GR Sport', 'GUN126R,GUN136R', 38990, 'D2.8T,D2.4T', '4WD,2WD', 'AM', 2005),
  row('Toyota', 'HiLux', 'Cab Chassis', 'Single Cab', 'Workmate,SR', 'TGN121R,GUN125R', 32990, 'P2.7,D2.4T', '2WD,4WD', 'AM', 2005),
  row('Toyota', 'RAV4', 'SUV', 'Wagon', 'GX,GXL,XSE,Cruiser,Edge', 'AXAH52R,AXAA54R', 39990, 'H2.5,P2.5', 'FWD,AWD', 'A', 2013),
  row('Toyota', 'Corolla', 'Hatch', 'Hatchback', 'Ascent Sport,SX,ZR', 'MZEA12R,ZWE211R', 30990, 'H1.8,P2.0', 'FWD', 'A', 2012),
  row('Toyota', 'Camry', 'Sedan', 'Sedan', 'Ascent,SX,SL', 'AXVH70R,AXVH71R', 39990, 'H2.5', 'FWD', 'A', 2012),
  row('Toyota', 'LandCruiser 300', 'SUV', 'Wagon', 'GX,GXL,VX,Sahara,GR Sport', 'FJA300R', 95990, 'D3.3T', '4WD', 'A', 2021, { seats: 7, size: [4985, 1980, 1950], gvm: 3280, towing: 3500, tank: 110 }),
  row('Toyota', 'Prado', 'SUV', 'Wagon', 'GX,GXL,VX,Kakadu', 'GDJ150R,GDJ250R', 64990, 'D2.8T', '4WD', 'A', 2009, { seats: 7, tank: 110, towing: 3000 }),
  row('Toyota', 'Kluger', 'SUV', 'Wagon', 'GX,GXL,Grande', 'AXUH78R,GVU70R', 51990, 'H2.5T,P3.5', 'FWD,AWD', 'A', 2014, { seats: 7 }),
  row('Toyota', 'HiAce', 'Van', 'LWB Van', 'LWB,SLWB', 'GDH300R,TRH200R', 49990, 'D2.8T,P3.5', 'RWD', 'A', 2010),
  row('Toyota', 'Yaris Cross', 'SUV', 'Wagon', 'GX,GXL,Urban', 'MXPJ10R,MXPB10R', 30990, 'H1.5,P1.5', 'FWD,AWD', 'A', 2020),
  row('Toyota', 'GR86', 'Coupe', 'Coupe', 'GT,GTS', 'ZN8', 45990, 'P2.4', 'RWD', 'AM', 2022),
  row('Mazda', '3', 'Hatch', 'Hatchback', 'G20 Pure,G20 Evolve,G25 GT,G25 Astina', 'BP', 29990, 'P2.0,P2.5', 'FWD', 'AM', 2014),
  row('Mazda', '2', 'Hatch', 'Hatchback', 'G15 Pure,G15 Evolve,G15 GT', 'DJ', 23990, 'P1.5', 'FWD', 'AM', 2014),
  row('Mazda', 'CX-5', 'SUV', 'Wagon', 'Maxx,Maxx Sport,Touring,GT SP,Akera', 'KF', 36990, 'P2.5,P2.5T,D2.2T', 'FWD,AWD', 'A', 2012),
  row('Mazda', 'CX-30', 'SUV', 'Wagon', 'G20 Pure,G20 Evolve,G25 Astina', 'DM', 32990, 'P2.0,P2.5', 'FWD,AWD', 'A', 2019),
  row('Mazda', 'BT-50', 'Ute', 'Dual Cab', 'XS,XT,GT,SP,Thunder', 'TF', 44990, 'D3.0T,D1.9T', '4WD,2WD', 'AM', 2011),
  row('Mazda', 'CX-90', 'SUV', 'Wagon', 'Touring,GT,Azami', 'KK', 74990, 'P3.3T,D3.3T', 'AWD', 'A', 2023, { seats: 7, size: [5120, 1994, 1745] }),
  row('Mazda', 'MX-5', 'Convertible', 'Roadster', 'Roadster,Roadster GT,RF GT', 'ND', 40990, 'P2.0', 'RWD', 'AM', 2015),
  row('Ford', 'Ranger', 'Ute', 'Double Cab Pick Up', 'XL,XLS,XLT,Sport,Wildtrak,Raptor', 'PY,PX MkIII', 45990, 'D2.0T,D3.0T', '4WD,2WD', 'AM', 2011),
  row('Ford', 'Everest', 'SUV', 'Wagon', 'Ambiente,Trend,Sport,Platinum', 'UB,UA II', 58990, 'D2.0T,D3.0T', '4WD,RWD', 'A', 2015, { seats: 7, towing: 3500 }),
  row('Ford', 'Mustang', 'Coupe', 'Fastback', 'GT,Dark Horse,EcoBoost', 'S650,FN', 66990, 'P5.0,P2.3T', 'RWD', 'AM', 2015),
  row('Ford', 'Mustang', 'Convertible', 'Convertible', 'GT', 'S650,FN', 76990, 'P5.0', 'RWD', 'A', 2015, { seats: 4, size: [4811, 1916, 1396] }),
  row('Ford', 'Transit Custom', 'Van', 'Van', 'Trend,Sport', 'VN', 52990, 'D2.0T', 'FWD', 'A', 2014),
  row('Hyundai', 'i30', 'Hatch', 'Hatchback', 'Active,Elite,N Line,N Line Premium', 'PD.V4,CN7', 27990, 'P2.0,P1.6T', 'FWD', 'AM', 2012),
  row('Hyundai', 'Tucson', 'SUV', 'Wagon', 'Tucson,Elite,Highlander', 'NX4.V2', 36990, 'P2.0,D2.0T,H1.6T', 'FWD,AWD', 'A', 2015),
  row('Hyundai', 'Santa Fe', 'SUV', 'Wagon', 'Santa Fe,Elite,Calligraphy', 'MX5', 55990, 'H1.6T,P2.5T', 'AWD', 'A', 2012, { seats: 7 }),
  row('Hyundai', 'IONIQ 5', 'SUV', 'Wagon', 'Dynamiq,Epiq,N', 'NE.V2', 72990, 'E', 'RWD,AWD', 'A', 2021, { tank: 0 }),
  row('Hyundai', 'Staria', 'People Mover', 'Wagon', 'Staria,Elite,Highlander', 'US4', 52990, 'D2.2T,P3.5', 'FWD,AWD', 'A', 2021),
  row('Kia', 'Sportage', 'SUV', 'Wagon', 'S,SX,SX+,GT-Line', 'NQ5', 35990, 'P2.0,D2.0T,H1.6T', 'FWD,AWD', 'A', 2016),
  row('Kia', 'Carnival', 'People Mover', 'Wagon', 'S,Sport,Sport+,GT-Line', 'KA4', 54990, 'D2.2T,P3.5,H1.6T', 'FWD', 'A', 2015),
  row('Kia', 'EV6', 'SUV', 'Wagon', 'Air,GT-Line,GT', 'CV', 72590, 'E', 'RWD,AWD', 'A', 2022, { tank: 0 }),
  row('Kia', 'Cerato', 'Hatch', 'Hatchback', 'S,Sport,GT', 'BD', 26990, 'P2.0,P1.6T', 'FWD', 'AM', 2013),
  row('Kia', 'Picanto', 'Hatch', 'Hatchback', 'S,GT-Line', 'JA', 17990, 'P1.2', 'FWD', 'AM', 2017),
  row('Mitsubishi', 'Triton', 'Ute', 'Double Cab Pick Up', 'GLX,GLX+,GLS,GSR', 'MV,MR', 43990, 'D2.4T', '4WD,2WD', 'AM', 2015),
  row('Mitsubishi', 'Outlander', 'SUV', 'Wagon', 'ES,LS,Aspire,Exceed', 'ZM', 38990, 'P2.5,PH2.4', 'FWD,AWD', 'A', 2013, { seats: 7 }),
  row('Mitsubishi', 'ASX', 'SUV', 'Wagon', 'GS,LS,Exceed', 'XD,XB', 26990, 'P2.0,P1.3T', 'FWD', 'A', 2010),
  row('Mitsubishi', 'Pajero Sport', 'SUV', 'Wagon', 'GLX,GLS,Exceed', 'QF', 50990, 'D2.4T', '4WD', 'A', 2015, { seats: 7 }),
  row('Nissan', 'Navara', 'Ute', 'Dual Cab Pick Up', 'SL,ST,ST-X,PRO-4X', 'D23', 42990, 'D2.3T', '4WD,2WD', 'AM', 2015),
  row('Nissan', 'X-Trail', 'SUV', 'Wagon', 'ST,ST-L,Ti,Ti-L', 'T33', 37990, 'P2.5,H1.5T', 'FWD,AWD', 'A', 2014),
  row('Nissan', 'Patrol', 'SUV', 'Wagon', 'Ti,Ti-L,Warrior', 'Y62', 89990, 'P5.6', '4WD', 'A', 2013, { seats: 8, tank: 140, towing: 3500 }),
  row('Nissan', 'Leaf', 'Hatch', 'Hatchback', 'Leaf,e+', 'ZE1', 50990, 'E', 'FWD', 'A', 2019, { tank: 0 }),
  row('Subaru', 'Forester', 'SUV', 'Wagon', '2.5i,2.5i-L,2.5i Premium,Hybrid S', 'S5,S6', 38990, 'P2.5,H2.0', 'AWD', 'A', 2012),
  row('Subaru', 'Outback', 'Wagon', 'Wagon', 'AWD,AWD Sport,AWD Touring', 'BT', 44990, 'P2.5,P2.4T', 'AWD', 'A', 2015),
  row('Subaru', 'WRX', 'Sedan', 'Sedan', 'WRX,RS,tS', 'VN,VB', 48990, 'P2.4T', 'AWD', 'AM', 2014),
  row('Volkswagen', 'Golf', 'Hatch', 'Hatchback', 'Life,R-Line,GTI,R', '8,7.5', 37990, 'P1.4T,P2.0T', 'FWD,AWD', 'A', 2013),
  row('Volkswagen', 'Amarok', 'Ute', 'Dual Cab', 'Core,Life,Style,PanAmericana,Aventura', '2H,NF', 54990, 'D2.0T,D3.0T', '4WD', 'A', 2011),
  row('Volkswagen', 'Tiguan', 'SUV', 'Wagon', 'Life,Elegance,R-Line', '5N,CT', 44990, 'P1.4T,P2.0T,D2.0T', 'FWD,AWD', 'A', 2016),
  row('Isuzu', 'D-MAX', 'Ute', 'Crew Cab', 'SX,LS-M,LS-U,X-Terrain', 'RG', 42990, 'D3.0T,D1.9T', '4WD,2WD', 'AM', 2012),
  row('Isuzu', 'D-MAX', 'Cab Chassis', 'Single Cab', 'SX', 'RG', 33990, 'D1.9T,D3.0T', '2WD,4WD', 'AM', 2012),
  row('Isuzu', 'MU-X', 'SUV', 'Wagon', 'LS-M,LS-U,LS-T', 'RJ', 52990, 'D3.0T,D1.9T', '4WD,2WD', 'A', 2013, { seats: 7 }),
  row('Suzuki', 'Swift', 'Hatch', 'Hatchback', 'GL,GLX,Sport', 'AZ,AZH', 23490, 'P1.2,H1.2', 'FWD', 'AM', 2011),
  row('Suzuki', 'Jimny', 'SUV', 'Wagon', 'Jimny,XL', 'GJ', 34990, 'P1.5', '4WD', 'AM', 2018, { seats: 4, doors: 3, size: [3645, 1645, 1720], tank: 40 }),
  row('Suzuki', 'Vitara', 'SUV', 'Wagon', 'Vitara,Turbo,Turbo ALLGRIP', 'LY', 31990, 'P1.6,P1.4T', 'FWD,AWD', 'AM', 2015),
  row('Mercedes-Benz', 'C-Class', 'Sedan', 'Sedan', 'C200,C300,C43 AMG', 'W206,W205', 78900, 'P2.0T,P1.5T', 'RWD,AWD', 'A', 2014),
  row('Mercedes-Benz', 'GLC', 'SUV', 'Wagon', 'GLC200,GLC300,GLC43 AMG', 'X254,X253', 89900, 'P2.0T', 'AWD', 'A', 2016),
  row('Mercedes-Benz', 'A-Class', 'Hatch', 'Hatchback', 'A180,A200,A250,A35 AMG', 'W177', 57900, 'P1.3T,P2.0T', 'FWD,AWD', 'A', 2018),
  row('Mercedes-Benz', 'Sprinter', 'Van', 'Van', '315CDI,319CDI', 'VS30', 72900, 'D2.0T', 'RWD', 'A', 2018),
  row('BMW', 'X5', 'SUV', 'Wagon', 'xDrive30d,xDrive50e,M60i', 'G05', 128900, 'D3.0T,PH3.0T,P4.4T', 'AWD', 'A', 2019),
  row('BMW', '3 Series', 'Sedan', 'Sedan', '320i,330i,M340i', 'G20', 74900, 'P2.0T,P3.0T', 'RWD,AWD', 'A', 2019),
  row('BMW', '4 Series', 'Convertible', 'Convertible', '420i,M440i', 'G23', 99900, 'P2.0T,P3.0T', 'RWD,AWD', 'A', 2021, { seats: 4, size: [4768, 1852, 1384] }),
  row('Tesla', 'Model Y', 'SUV', 'Wagon', 'RWD,Long Range,Performance', 'MY', 65400, 'E', 'RWD,AWD', 'A', 2022, { tank: 0 }),
  row('Tesla', 'Model 3', 'Sedan', 'Sedan', 'RWD,Long Range,Performance', 'MY23,MY24', 61900, 'E', 'RWD,AWD', 'A', 2019, { tank: 0 }),
  row('BYD', 'Atto 3', 'SUV', 'Wagon', 'Standard Range,Extended Range', 'MY23', 44499, 'E', 'FWD', 'A', 2022, { tank: 0 }),
  row('BYD', 'Seal', 'Sedan', 'Sedan', 'Dynamic,Premium,Performance', 'MY24', 49888, 'E', 'RWD,AWD', 'A', 2023, { tank: 0 }),
  row('BYD', 'Shark 6', 'Ute', 'Dual Cab', 'Premium', 'MY25', 57900, 'PH1.5T', '4WD', 'A', 2024),
  row('MG', 'ZS', 'SUV', 'Wagon', 'Vibe,Excite,Essence', 'AZS1', 25990, 'P1.5,P1.3T,H1.5', 'FWD', 'A', 2018),
  row('MG', '3', 'Hatch', 'Hatchback', 'Vibe,Excite,Essence Hybrid+', 'SZP1', 21990, 'P1.5,H1.5', 'FWD', 'A', 2017),
  row('MG', 'HS', 'SUV', 'Wagon', 'Vibe,Excite,Essence,Plus EV', 'SAS23', 33990, 'P1.5T,PH1.5T', 'FWD', 'A', 2019),
  row('MG', '4', 'Hatch', 'Hatchback', 'Excite 51,Essence 64,XPOWER', 'MEH32', 39990, 'E', 'RWD,AWD', 'A', 2023, { tank: 0 }),
  row('Honda', 'CR-V', 'SUV', 'Wagon', 'VTi,VTi X,VTi L AWD,e:HEV RS', 'RS,RW', 44500, 'P1.5T,H2.0', 'FWD,AWD', 'A', 2012),
  row('Honda', 'Civic', 'Hatch', 'Hatchback', 'VTi LX,e:HEV LX,Type R', 'FL,FK', 47200, 'P1.5T,H2.0,P2.0T', 'FWD', 'AM', 2016),
  row('Honda', 'HR-V', 'SUV', 'Wagon', 'Vi X,e:HEV L', 'RV', 36700, 'P1.5,H1.5', 'FWD', 'A', 2015),
  row('Audi', 'Q5', 'SUV', 'Wagon', '40 TDI,45 TFSI,Sportback S line', 'FY', 77900, 'D2.0T,P2.0T', 'AWD', 'A', 2017),
  row('Audi', 'A3', 'Sedan', 'Sedan', '35 TFSI,S3', '8Y', 50900, 'P1.4T,P2.0T', 'FWD,AWD', 'A', 2013),
  row('Holden', 'Commodore', 'Sedan', 'Sedan', 'Evoke,SV6,SS,SS-V Redline,Calais-V', 'VF II,VF', 42990, 'P3.6,P6.2', 'RWD', 'AM', 2006),
  row('Holden', 'Colorado', 'Ute', 'Crew Cab Pickup', 'LS,LTZ,Z71', 'RG', 44990, 'D2.8T', '4WD,2WD', 'AM', 2012),
  row('GWM', 'Ute', 'Ute', 'Dual Cab', 'Cannon,Cannon-L,Cannon-X,Cannon Alpha', 'NPW', 35990, 'D2.0T,H2.4T', '4WD', 'AM', 2021),
  row('GWM', 'Haval H6', 'SUV', 'Wagon', 'Premium,Lux,Ultra,GT', 'B01', 34990, 'P2.0T,H1.5T', 'FWD,AWD', 'A', 2021),
  row('LDV', 'T60', 'Ute', 'Double Cab', 'Pro,Max,Max Plus', 'SKC8A', 38990, 'D2.8T,D2.0T', '4WD', 'AM', 2017),
  row('LDV', 'Deliver 9', 'Van', 'LWB Van', 'LWB,Jumbo', 'SV7C', 48990, 'D2.0T', 'FWD,RWD', 'AM', 2020),
  row('Jeep', 'Wrangler', 'SUV', 'Wagon', 'Sport S,Overland,Rubicon', 'JL', 74950, 'P2.0T,P3.6', '4WD', 'A', 2018),
  row('Volvo', 'XC60', 'SUV', 'Wagon', 'B5 Plus,B5 Ultra,T8 Ultra', 'MY24', 77990, 'H2.0T,PH2.0T', 'AWD', 'A', 2017),
  row('Lexus', 'RX', 'SUV', 'Wagon', 'RX350h Luxury,RX350h Sports Luxury,RX500h F Sport', 'TALH17R,AALH16R', 97990, 'H2.5,H2.4T', 'AWD', 'A', 2015),
  row('Skoda', 'Octavia', 'Wagon', 'Wagon', 'Style,Sportline,RS', 'NX', 42990, 'P1.4T,P2.0T', 'FWD', 'A', 2013),
  row('Porsche', '911', 'Coupe', 'Coupe', 'Carrera,Carrera S,GTS,Turbo S', '992', 274100, 'P3.0T,P3.7T', 'RWD,AWD', 'A', 2019, { seats: 4 }),
];
