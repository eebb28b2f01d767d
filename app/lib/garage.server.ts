// The garage as pages show it: the active vehicle's labels, and the saved vehicles, from loadGarage.
import type { Garage } from '#src/domain/fitment/garage.server.ts';
import { fullLabel, shortLabel } from '#src/domain/fitment/vehicles.ts';

export interface GarageVehicleView {
  vehicleId: number;
  year: number;
  /** "Gol 1.0 2015" */
  label: string;
  /** "Volkswagen Gol 1.0 12V MPI Trendline 2015" */
  fullLabel: string;
  active: boolean;
}

export interface GarageView {
  active: GarageVehicleView | null;
  vehicles: GarageVehicleView[];
}

export function garageView(garage: Garage): GarageView {
  const vehicles = garage.entries.map((e) => ({
    vehicleId: e.vehicle.id,
    year: e.year,
    label: shortLabel(e.vehicle, e.year),
    fullLabel: fullLabel(e.vehicle, e.year),
    active: e.active,
  }));
  return { active: vehicles.find((v) => v.active) ?? null, vehicles };
}
