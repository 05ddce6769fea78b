/**
 * The product ids of the design, one per Ascend product line the simulator models.
 * They appear in URLs, CLI flags and case files, so they never change.
 */
export const PRODUCT_IDS = [
	'atlas-training',
	'atlas-inference-aicore',
	'atlas-inference-vectorcore',
	'atlas-a2',
	'atlas-a3',
	'atlas-200i-500-a2',
] as const;

/** One of {@link PRODUCT_IDS}. */
export type ProductId = (typeof PRODUCT_IDS)[number];

/** Whether `value` names a product the simulator knows. */
export function isProductId(value: string): value is ProductId {
	return (PRODUCT_IDS as readonly string[]).includes(value);
}
