import type { components } from '../generated/mgmt.js';
import type { Tag } from './tag-service.js';

type TagJson = components['schemas']['Tag'];

/** Where a kind of tag lives on the wire. */
export interface TagResource {
  /** path segment of the collection under /rest/v1: `targettags` */
  readonly collection: string;
  /** HAL relation of the tagged entities: `assignedTargets` */
  readonly assignedRelation: string;
}

/** hawkBit's tag JSON (MgmtTag) plus `assignedCount`; unset description and colour are omitted. */
export function toTagJson(tag: Tag, base: string, resource: TagResource): TagJson {
  const self = `${base}/rest/v1/${resource.collection}/${tag.id}`;
  return {
    id: tag.id,
    name: tag.name,
    ...(tag.description !== null && { description: tag.description }),
    ...(tag.colour !== null && { colour: tag.colour }),
    assignedCount: tag.assignedCount,
    createdAt: tag.createdAt,
    createdBy: tag.createdBy,
    lastModifiedAt: tag.lastModifiedAt,
    lastModifiedBy: tag.lastModifiedBy,
    _links: {
      self: { href: self },
      [resource.assignedRelation]: { href: `${self}/assigned?offset=0&limit=50` },
    },
  };
}
