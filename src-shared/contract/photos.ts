/** A pet's photo: bytes in and out, declared here as any operation is (contract-types.ts, `BinaryMedia`). */
import { defineOperation as op, type BinaryMedia } from '../contract-types';
import { IMAGE_TYPES } from '../image-types';
import { BinaryFile, Bytes } from '../schemas/binary';
import { PHOTO_MAX_BYTES, PetPhoto } from '../schemas/pet';
import { PetRef, Nothing } from './refs';

const PHOTO_MEDIA: BinaryMedia = { types: IMAGE_TYPES, maxBytes: PHOTO_MAX_BYTES };

export const photoOperations = {
  /** Set (or replace) a pet's photo. */
  'photos.put': op({
    tag: 'Pets',
    summary: "Set a pet's photo",
    description:
      'The body is the image itself: JPEG, PNG or WebP, at most 2 MiB. Its type is read from its first bytes, not from `Content-Type` ' +
      '(which must still be one of the three): bytes that are none of them answer 415. Replaces the photo the pet had. ' +
      'The pet answer then says `photo`; a `pet.updated` event tells other clients.',
    input: PetRef.extend({ photo: Bytes.describe('The image file.') }),
    output: PetPhoto,
    stability: 'beta',
    mutates: true,
    http: {
      method: 'PUT',
      path: '/pets/{petId}/photo',
      success: 200,
      body: 'photo',
      bodyMedia: PHOTO_MEDIA,
      errors: ['NOT_FOUND', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'],
    },
  }),
  /** A pet's photo, as its bytes. */
  'photos.get': op({
    tag: 'Pets',
    summary: "Get a pet's photo",
    description: 'The image as it was stored, with its type as `Content-Type`; 404 when the pet has none.',
    input: PetRef,
    output: BinaryFile,
    stability: 'beta',
    mutates: false,
    http: { method: 'GET', path: '/pets/{petId}/photo', success: 200, answerMedia: PHOTO_MEDIA, errors: ['NOT_FOUND'] },
  }),
  /** Remove a pet's photo. */
  'photos.delete': op({
    tag: 'Pets',
    summary: "Remove a pet's photo",
    description: '404 when the pet has none.',
    input: PetRef,
    output: Nothing,
    stability: 'beta',
    mutates: true,
    http: { method: 'DELETE', path: '/pets/{petId}/photo', success: 204, errors: ['NOT_FOUND'] },
  }),
} as const;
