/** Categories, which pets belong to. */
import { z } from '../zod-setup';
import { defineOperation as op } from '../contract-types';
import { page, pageItems } from '../schemas/common';
import {
  Category,
  CategoryListQuery,
  CategoryPatch,
  CategoryPetCount,
  CategoryReplacement,
  NewCategory,
} from '../schemas/category';
import { CategoryRef, Nothing } from './refs';

export const categoryOperations = {
  /** List categories by name. */
  'categories.list': op({
    tag: 'Categories',
    summary: 'List categories',
    input: CategoryListQuery,
    output: page(pageItems(Category)),
    stability: 'stable',
    mutates: false,
    http: { method: 'GET', path: '/categories', success: 200, paged: true, errors: [] },
  }),
  /** Add a category. */
  'categories.create': op({
    tag: 'Categories',
    summary: 'Add a category',
    input: NewCategory,
    output: Category,
    stability: 'stable',
    mutates: true,
    access: 'owner',
    http: { method: 'POST', path: '/categories', success: 201, body: '*', errors: ['CATEGORY_NAME_TAKEN'], idempotencyKey: true },
  }),
  /** Read one category. */
  'categories.get': op({
    tag: 'Categories',
    summary: 'Get a category',
    input: CategoryRef,
    output: Category,
    stability: 'stable',
    mutates: false,
    http: { method: 'GET', path: '/categories/{categoryId}', success: 200, errors: ['NOT_FOUND'] },
  }),
  /** Replace a category's name, description and tax rate. */
  'categories.replace': op({
    tag: 'Categories',
    summary: 'Replace a category',
    description: 'A description or tax rate left out of the body is cleared (the shop\'s default rate then applies).',
    input: CategoryRef.extend({ category: CategoryReplacement }).refine(({ categoryId, category }) => category.id === undefined || category.id === categoryId, {
      path: ['category', 'id'],
      message: "Must be the path's category id (or left out)",
    }),
    output: Category,
    stability: 'stable',
    mutates: true,
    access: 'owner',
    http: {
      method: 'PUT',
      path: '/categories/{categoryId}',
      success: 200,
      body: 'category',
      errors: ['NOT_FOUND', 'CATEGORY_NAME_TAKEN'],
    },
  }),
  /** Change some of a category's fields. */
  'categories.update': op({
    tag: 'Categories',
    summary: 'Update a category',
    description: 'Changes only the fields sent (at least one); an empty `description` clears it, as `taxRate: null` clears the rate.',
    input: CategoryRef.extend({ changes: CategoryPatch }),
    output: Category,
    stability: 'stable',
    mutates: true,
    access: 'owner',
    http: {
      method: 'PATCH',
      path: '/categories/{categoryId}',
      success: 200,
      body: 'changes',
      errors: ['NOT_FOUND', 'CATEGORY_NAME_TAKEN'],
    },
  }),
  /** Remove a category; refused while pets belong to it. */
  'categories.delete': op({
    tag: 'Categories',
    summary: 'Delete a category',
    description: 'Refused with 409 CATEGORY_IN_USE while pets belong to it.',
    input: CategoryRef,
    output: Nothing,
    stability: 'stable',
    mutates: true,
    access: 'owner',
    http: { method: 'DELETE', path: '/categories/{categoryId}', success: 204, errors: ['NOT_FOUND', 'CATEGORY_IN_USE'] },
  }),

  /** Pets per category, for the Categories screen (desktop only: not in the brief's REST table). */
  'categories.petCounts': op({
    tag: 'Categories',
    summary: 'Pets per category',
    description: 'Every category that holds pets, with how many; a category that is not listed holds none.',
    input: z.strictObject({}),
    output: z.array(CategoryPetCount),
    stability: 'stable',
    mutates: false,
  }),
} as const;
