import { PART_ECOSYSTEM } from './part-ecosystem';

/** Whether a part of this type belongs to an API other than Anthropic Messages (`text` and `image` belong to several). */
export function isForeignPartType(type: string): boolean {
  const ecosystem = PART_ECOSYSTEM.get(type);
  return ecosystem !== undefined && ecosystem !== 'anthropic-messages';
}
