/**
 * Ports of the main container trade lanes: UN/LOCODE (UNECE code list), name, country and position
 * (decimal degrees, the port's main container terminals, rounded to 0.01°). Enough for the demo carrier's
 * voyages, for naming locations in events, and for drawing the live map without a network.
 */
export interface Port {
  locode: string;
  name: string;
  country: string;
  lat: number;
  lon: number;
}

export const PORTS: readonly Port[] = [
  { locode: 'CNSHA', name: 'Shanghai', country: 'CN', lat: 30.63, lon: 122.07 },
  { locode: 'CNNGB', name: 'Ningbo', country: 'CN', lat: 29.93, lon: 121.85 },
  { locode: 'CNYTN', name: 'Yantian', country: 'CN', lat: 22.57, lon: 114.27 },
  { locode: 'CNTAO', name: 'Qingdao', country: 'CN', lat: 36.08, lon: 120.31 },
  { locode: 'CNXMN', name: 'Xiamen', country: 'CN', lat: 24.48, lon: 118.07 },
  { locode: 'HKHKG', name: 'Hong Kong', country: 'HK', lat: 22.33, lon: 114.12 },
  { locode: 'KRPUS', name: 'Busan', country: 'KR', lat: 35.08, lon: 128.83 },
  { locode: 'JPTYO', name: 'Tokyo', country: 'JP', lat: 35.61, lon: 139.79 },
  { locode: 'JPUKB', name: 'Kobe', country: 'JP', lat: 34.67, lon: 135.21 },
  { locode: 'TWKHH', name: 'Kaohsiung', country: 'TW', lat: 22.56, lon: 120.32 },
  { locode: 'SGSIN', name: 'Singapore', country: 'SG', lat: 1.27, lon: 103.72 },
  { locode: 'MYPKG', name: 'Port Klang', country: 'MY', lat: 2.99, lon: 101.3 },
  { locode: 'MYTPP', name: 'Tanjung Pelepas', country: 'MY', lat: 1.36, lon: 103.55 },
  { locode: 'VNCMT', name: 'Cai Mep', country: 'VN', lat: 10.54, lon: 107.03 },
  { locode: 'THLCH', name: 'Laem Chabang', country: 'TH', lat: 13.08, lon: 100.88 },
  { locode: 'LKCMB', name: 'Colombo', country: 'LK', lat: 6.95, lon: 79.84 },
  { locode: 'INNSA', name: 'Nhava Sheva', country: 'IN', lat: 18.95, lon: 72.95 },
  { locode: 'INMUN', name: 'Mundra', country: 'IN', lat: 22.74, lon: 69.7 },
  { locode: 'AEJEA', name: 'Jebel Ali', country: 'AE', lat: 25.01, lon: 55.06 },
  { locode: 'SAJED', name: 'Jeddah', country: 'SA', lat: 21.46, lon: 39.16 },
  { locode: 'EGPSD', name: 'Port Said', country: 'EG', lat: 31.25, lon: 32.31 },
  { locode: 'MAPTM', name: 'Tanger Med', country: 'MA', lat: 35.89, lon: -5.5 },
  { locode: 'ESALG', name: 'Algeciras', country: 'ES', lat: 36.13, lon: -5.44 },
  { locode: 'ESVLC', name: 'Valencia', country: 'ES', lat: 39.44, lon: -0.32 },
  { locode: 'ITGOA', name: 'Genoa', country: 'IT', lat: 44.4, lon: 8.9 },
  { locode: 'GRPIR', name: 'Piraeus', country: 'GR', lat: 37.95, lon: 23.58 },
  { locode: 'NLRTM', name: 'Rotterdam', country: 'NL', lat: 51.95, lon: 4.05 },
  { locode: 'BEANR', name: 'Antwerp', country: 'BE', lat: 51.28, lon: 4.3 },
  { locode: 'DEHAM', name: 'Hamburg', country: 'DE', lat: 53.53, lon: 9.93 },
  { locode: 'DEBRV', name: 'Bremerhaven', country: 'DE', lat: 53.58, lon: 8.53 },
  { locode: 'GBFXT', name: 'Felixstowe', country: 'GB', lat: 51.95, lon: 1.32 },
  { locode: 'GBSOU', name: 'Southampton', country: 'GB', lat: 50.9, lon: -1.43 },
  { locode: 'FRLEH', name: 'Le Havre', country: 'FR', lat: 49.47, lon: 0.15 },
  { locode: 'PLGDN', name: 'Gdansk', country: 'PL', lat: 54.4, lon: 18.7 },
  { locode: 'USLAX', name: 'Los Angeles', country: 'US', lat: 33.74, lon: -118.27 },
  { locode: 'USLGB', name: 'Long Beach', country: 'US', lat: 33.75, lon: -118.2 },
  { locode: 'USOAK', name: 'Oakland', country: 'US', lat: 37.8, lon: -122.32 },
  { locode: 'USSEA', name: 'Seattle', country: 'US', lat: 47.58, lon: -122.35 },
  { locode: 'USNYC', name: 'New York', country: 'US', lat: 40.68, lon: -74.15 },
  { locode: 'USSAV', name: 'Savannah', country: 'US', lat: 32.12, lon: -81.14 },
  { locode: 'USCHS', name: 'Charleston', country: 'US', lat: 32.9, lon: -79.96 },
  { locode: 'USHOU', name: 'Houston', country: 'US', lat: 29.61, lon: -95.0 },
  { locode: 'CAVAN', name: 'Vancouver', country: 'CA', lat: 49.29, lon: -123.08 },
  { locode: 'CAPRR', name: 'Prince Rupert', country: 'CA', lat: 54.3, lon: -130.33 },
  { locode: 'MXZLO', name: 'Manzanillo', country: 'MX', lat: 19.06, lon: -104.3 },
  { locode: 'PABLB', name: 'Balboa', country: 'PA', lat: 8.95, lon: -79.57 },
  { locode: 'COCTG', name: 'Cartagena', country: 'CO', lat: 10.39, lon: -75.53 },
  { locode: 'BRSSZ', name: 'Santos', country: 'BR', lat: -23.96, lon: -46.3 },
  { locode: 'ARBUE', name: 'Buenos Aires', country: 'AR', lat: -34.58, lon: -58.37 },
  { locode: 'CLSAI', name: 'San Antonio', country: 'CL', lat: -33.59, lon: -71.62 },
  { locode: 'ZADUR', name: 'Durban', country: 'ZA', lat: -29.87, lon: 31.03 },
  { locode: 'AUSYD', name: 'Sydney', country: 'AU', lat: -33.97, lon: 151.22 },
  { locode: 'AUMEL', name: 'Melbourne', country: 'AU', lat: -37.83, lon: 144.91 },
  { locode: 'NZAKL', name: 'Auckland', country: 'NZ', lat: -36.84, lon: 174.79 },
];

const byLocode = new Map(PORTS.map((p) => [p.locode, p]));

export function portByLocode(locode: string): Port | undefined {
  return byLocode.get(locode.toUpperCase());
}
