import { z } from 'zod';

/** Resource ids: short, lower-case, stable (compared case-insensitively by the service). */
export const ResourceId = z.string().min(1);

export const CatalogItem = z
  .object({ id: ResourceId, name: z.string(), attribution: z.string() })
  .meta({ id: 'CatalogItem' });
export type CatalogItem = z.infer<typeof CatalogItem>;

export const Catalog = z
  .object({
    bible: z.array(CatalogItem),
    commentaries: z.array(CatalogItem),
    dictionaries: z.array(CatalogItem),
    topics: z.array(CatalogItem),
    lexicons: z.array(CatalogItem),
    crossrefs: CatalogItem,
    stories: CatalogItem,
  })
  .meta({ id: 'Catalog' });
export type Catalog = z.infer<typeof Catalog>;
