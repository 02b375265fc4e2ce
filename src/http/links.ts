/** A HAL link. */
export interface Link {
  readonly href: string;
}
