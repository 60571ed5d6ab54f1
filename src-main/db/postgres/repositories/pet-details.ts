import { detailsFromRow, type DetailsRow, type PetDetails, type PetDetailsRepository } from '../../repositories/pet-details';
import { sql, type Stepped } from '../../step';

const COLUMNS =
  'pet_id AS "petId", breed, sex, birth_date AS "birthDate", microchip, vaccinations, health_notes AS "healthNotes"';

/** The pet_details table on PostgreSQL: the twin of src-main/db/repositories/pet-details.ts. */
export function postgresPetDetailsRepository(): Stepped<PetDetailsRepository> {
  return {
    *find(petId: number) {
      const { rows } = yield* sql<DetailsRow>(`SELECT ${COLUMNS} FROM pet_details WHERE pet_id = $1`, [petId]);
      return detailsFromRow(rows[0]);
    },
    *findMany(petIds: readonly number[]) {
      const found = new Map<number, PetDetails>();
      if (!petIds.length) return found;
      // One query for any page, in pet id order (SQLite's reads the primary key in order too).
      const { rows } = yield* sql<DetailsRow>(`SELECT ${COLUMNS} FROM pet_details WHERE pet_id = ANY($1::bigint[]) ORDER BY pet_id`, [petIds]);
      for (const row of rows) found.set(row.petId, detailsFromRow(row));
      return found;
    },
    /** Replaces the pet's details with these; none at all leaves no row. */
    *set(petId: number, details: PetDetails) {
      const { breed, sex, birthDate, microchip, vaccinations, healthNotes } = details;
      const listed = vaccinations?.length ? JSON.stringify(vaccinations.map(({ name, date }) => ({ name, date }))) : null;
      const values = [breed ?? null, sex ?? null, birthDate ?? null, microchip ?? null, listed, healthNotes || null] as const;
      if (values.every((value) => value === null)) yield* sql('DELETE FROM pet_details WHERE pet_id = $1', [petId]);
      else {
        yield* sql(
          `INSERT INTO pet_details (pet_id, breed, sex, birth_date, microchip, vaccinations, health_notes) VALUES ($1, $2, $3, $4, $5, $6, $7)
           ON CONFLICT (pet_id) DO UPDATE SET breed = excluded.breed, sex = excluded.sex, birth_date = excluded.birth_date,
             microchip = excluded.microchip, vaccinations = excluded.vaccinations, health_notes = excluded.health_notes`,
          [petId, ...values],
        );
      }
    },
    *findByMicrochip(microchip: string) {
      const { rows } = yield* sql<{ petId: number }>('SELECT pet_id AS "petId" FROM pet_details WHERE microchip = $1', [microchip]);
      return rows[0]?.petId;
    },
  };
}
