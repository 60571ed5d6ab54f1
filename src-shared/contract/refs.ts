/** The path parameters several operations share, and the empty answer. */
import { z } from '../zod-setup';
import { Id } from '../schemas/common';

export const PetRef = z.strictObject({ petId: Id.describe('Id of the pet.') });
export const CategoryRef = z.strictObject({ categoryId: Id.describe('Id of the category.') });
export const OrderRef = z.strictObject({ orderId: Id.describe('Id of the order.') });
export const Nothing = z.null();
