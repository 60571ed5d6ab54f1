import type { DetailField, Pet, PetSex, Vaccination } from '../../../src-shared/schemas/pet';
import type { Db } from '../connection';

/** The animal's details, a field without a value left out. */
export type PetDetails = Pick<Pet, DetailField>;

/** A pet_details row as SQL gives it (both engines). */
export interface DetailsRow {
  petId: number;
  breed: string | null;
  sex: PetSex | null;
  birthDate: string | null;
  microchip: string | null;
  /** A JSON array of {name, date}. */
  vaccinations: string | null;
  healthNotes: string | null;
}

const COLUMNS =
  'pet_id AS petId, breed, sex, birth_date AS birthDate, microchip, vaccinations, health_notes AS healthNotes';

/** A row as the answer gives it: a field without a value left out, no row no details. */
export function detailsFromRow(row: DetailsRow | undefined): PetDetails {
  const details: PetDetails = {};
  if (!row) return details;
  if (row.breed !== null) details.breed = row.breed;
  if (row.sex !== null) details.sex = row.sex;
  if (row.birthDate !== null) details.birthDate = row.birthDate;
  if (row.microchip !== null) details.microchip = row.microchip;
  if (row.vaccinations !== null) details.vaccinations = JSON.parse(row.vaccinations) as Vaccination[];
  if (row.healthNotes !== null) details.healthNotes = row.healthNotes;
  return details;
}

/** The pet_details table (migration 12): one row per pet that has any detail, none for the others. */
export function petDetailsRepository(db: Db) {
  const byPet = db.prepare<[number], DetailsRow>(`SELECT ${COLUMNS} FROM pet_details WHERE pet_id = ?`);
  // One statement for any page: the ids travel as one JSON array.
  const byPets = db.prepare<[string], DetailsRow>(`SELECT ${COLUMNS} FROM pet_details WHERE pet_id IN (SELECT value FROM json_each(?))`);
  const upsert = db.prepare<[number, string | null, string | null, string | null, string | null, string | null, string | null]>(
    `INSERT INTO pet_details (pet_id, breed, sex, birth_date, microchip, vaccinations, health_notes) VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (pet_id) DO UPDATE SET breed = excluded.breed, sex = excluded.sex, birth_date = excluded.birth_date,
       microchip = excluded.microchip, vaccinations = excluded.vaccinations, health_notes = excluded.health_notes`,
  );
  const remove = db.prepare<[number]>('DELETE FROM pet_details WHERE pet_id = ?');
  const byMicrochip = db.prepare<[string], number>('SELECT pet_id FROM pet_details WHERE microchip = ?').pluck();

  return {
    find: (petId: number): PetDetails => detailsFromRow(byPet.get(petId)),
    /** The details of each of these pets that has any, by pet id. */
    findMany(petIds: readonly number[]): Map<number, PetDetails> {
      const found = new Map<number, PetDetails>();
      if (petIds.length) for (const row of byPets.all(JSON.stringify(petIds))) found.set(row.petId, detailsFromRow(row));
      return found;
    },
    /** Replaces the pet's details with these; none at all leaves no row. */
    set(petId: number, details: PetDetails): void {
      const { breed, sex, birthDate, microchip, vaccinations, healthNotes } = details;
      const listed = vaccinations?.length ? JSON.stringify(vaccinations.map(({ name, date }) => ({ name, date }))) : null;
      const values = [breed ?? null, sex ?? null, birthDate ?? null, microchip ?? null, listed, healthNotes || null] as const;
      if (values.every((value) => value === null)) remove.run(petId);
      else upsert.run(petId, ...values);
    },
    /** The pet with this microchip number. */
    findByMicrochip: (microchip: string): number | undefined => byMicrochip.get(microchip),
  };
}
export type PetDetailsRepository = ReturnType<typeof petDetailsRepository>;
