import { z } from 'zod';
import { parseReference } from '../reference/reference.js';

/** A reference in the contract's grammar, checked against real chapter and verse counts. */
export const ReferenceText = z.string().refine(
  (ref) => {
    try {
      parseReference(ref);
      return true;
    } catch {
      return false;
    }
  },
  { message: 'not a valid reference' },
);
