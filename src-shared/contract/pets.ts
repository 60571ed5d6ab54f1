/** Pets: the catalogue of animals. */
import { defineOperation as op } from '../contract-types';
import { page } from '../schemas/common';
import { NewPet, Pet, PetBulkResult, PetBulkUpdate, PetListQuery, PetPatch, PetReplacement, Pets } from '../schemas/pet';
import { PetRef, Nothing } from './refs';

export const petOperations = {
  /** List pets with filters, sorting and cursor paging. */
  'pets.list': op({
    tag: 'Pets',
    summary: 'List pets',
    description:
      'Filter by status, category, name, ids or SKU; sort; page with `limit` and `cursor`. ' +
      "Each pet comes without the animal's details unless `details=true` asks for them.",
    input: PetListQuery,
    output: page(Pets),
    stability: 'stable',
    mutates: false,
    http: { method: 'GET', path: '/pets', success: 200, paged: true, errors: [] },
  }),
  /** Add a pet; an available pet starts with one unit of stock. */
  'pets.create': op({
    tag: 'Pets',
    summary: 'Add a pet',
    description:
      'An `available` pet starts with stock 1, any other status with stock 0. Price, SKU and the animal\'s details are optional; ' +
      'a SKU or microchip number another pet has is refused (409 `SKU_TAKEN`, `MICROCHIP_TAKEN`).',
    input: NewPet,
    output: Pet,
    stability: 'stable',
    mutates: true,
    http: { method: 'POST', path: '/pets', success: 201, body: '*', errors: ['REFERENCE_NOT_FOUND', 'SKU_TAKEN', 'MICROCHIP_TAKEN'], idempotencyKey: true },
  }),
  /** Read one pet (deprecated over REST in favour of the list's `id` filter). */
  'pets.get': op({
    tag: 'Pets',
    summary: 'Get a pet by id',
    input: PetRef,
    output: Pet,
    stability: 'stable',
    deprecated: { since: '2026-11-01', successor: '/v1/pets?id={petId}' }, // since the 1.0.0 release
    mutates: false,
    http: { method: 'GET', path: '/pets/{petId}', success: 200, errors: ['NOT_FOUND', 'OPERATION_SUNSET'] },
  }),
  /** Replace a pet's name, category and status. */
  'pets.replace': op({
    tag: 'Pets',
    summary: 'Replace a pet',
    description:
      'Replaces the whole pet: a field left out takes its default, so a body without `status` makes the pet **available**. ' +
      'Status changes keep stock consistent: a pending or sold pet with no stock made available gets a stock of 1 (one animal, as for a new pet), ' +
      'unless open orders hold its last units (409 PET_HAS_OPEN_ORDERS: restock it instead, or send `status: pending` to rename it); ' +
      'setting `sold` is refused with 409 PET_HAS_OPEN_ORDERS while the pet has open orders. ' +
      'To change some fields and keep the status, use PATCH. ' +
      "The pet's price, SKU and the animal's details are replaced only when sent (`null` clears one), so a client that does not know them never wipes them.",
    input: PetRef.extend({ pet: PetReplacement }).refine(({ petId, pet }) => pet.id === undefined || pet.id === petId, {
      path: ['pet', 'id'],
      message: "Must be the path's pet id (or left out)",
    }),
    output: Pet,
    stability: 'stable',
    mutates: true,
    http: {
      method: 'PUT',
      path: '/pets/{petId}',
      success: 200,
      body: 'pet',
      errors: ['NOT_FOUND', 'REFERENCE_NOT_FOUND', 'SKU_TAKEN', 'MICROCHIP_TAKEN', 'PET_HAS_OPEN_ORDERS'],
    },
  }),
  /** Change some of a pet's fields. */
  'pets.update': op({
    tag: 'Pets',
    summary: 'Update a pet',
    description:
      'Changes only the fields sent (at least one). Status changes keep stock consistent: `available` gives a pet with no stock a stock of 1, ' +
      'and is refused with 409 PET_HAS_OPEN_ORDERS while open orders hold its last units (restock it instead); ' +
      '`pending` keeps the stock (a hold: orders are refused with 409 PET_NOT_AVAILABLE until it is available again); ' +
      '`sold` empties the stock and is refused with 409 PET_HAS_OPEN_ORDERS while the pet has open orders. ' +
      '`null` clears the price, the SKU or one of the animal\'s details.',
    input: PetRef.extend({ changes: PetPatch }),
    output: Pet,
    stability: 'stable',
    mutates: true,
    http: {
      method: 'PATCH',
      path: '/pets/{petId}',
      success: 200,
      body: 'changes',
      errors: ['NOT_FOUND', 'REFERENCE_NOT_FOUND', 'SKU_TAKEN', 'MICROCHIP_TAKEN', 'PET_HAS_OPEN_ORDERS'],
    },
  }),
  /** Change the category, status or price of several pets at once: all of them or none. */
  'pets.bulkUpdate': op({
    tag: 'Pets',
    summary: 'Change several pets at once',
    description:
      'Sets the same `categoryId`, `status` and/or `price` on every pet in `petIds` (up to 1,000), in one transaction: ' +
      'if any pet is missing (404 NOT_FOUND), the category does not exist (422 REFERENCE_NOT_FOUND) or a status change is refused for one pet ' +
      '(409 PET_HAS_OPEN_ORDERS, as for PATCH), none is changed, and the error names the first pet refused. ' +
      'Each pet changed gives a `pet.updated` event, as a PATCH would.',
    input: PetBulkUpdate,
    output: PetBulkResult,
    stability: 'beta',
    mutates: true,
    access: 'owner',
    http: { method: 'POST', path: '/pets/bulk-update', success: 200, body: '*', errors: ['NOT_FOUND', 'REFERENCE_NOT_FOUND', 'PET_HAS_OPEN_ORDERS'] },
  }),
  /** Remove a pet; refused while it has open orders. */
  'pets.delete': op({
    tag: 'Pets',
    summary: 'Delete a pet',
    description:
      'Refused with 409 PET_HAS_OPEN_ORDERS while the pet has open orders. Its complete orders stay as sales history, ' +
      'their `petId` naming a pet that no longer exists (their `petName` keeps its name).',
    input: PetRef,
    output: Nothing,
    stability: 'stable',
    mutates: true,
    access: 'owner',
    http: { method: 'DELETE', path: '/pets/{petId}', success: 204, errors: ['NOT_FOUND', 'PET_HAS_OPEN_ORDERS'] },
  }),
} as const;
