/**
 * The product profile table: one row per product id, with every number's source.
 * The kernel side (`kernel`) and the host side (`host`) keep their own profile types beside their
 * code; this file joins them so there is one table to read.
 */
import type { ProductId } from './product-id.ts';

export { PRODUCT_IDS, isProductId, type ProductId } from './product-id.ts';

/** A number together with where it comes from; `source: 'illustrative'` marks a guess. */
export interface Sourced<T = number> {
	value: T;
	source: string;
}

/** What identifies a product line, in both languages. */
export interface ProductBase {
	id: ProductId;
	name: { zh: string; en: string };
	/** `__NPU_ARCH__` of the product's AI Core. */
	npuArch: Sourced;
}

const ARCH_SOURCE =
	'cannmirror/asc-devkit:docs/zh/guide/编程指南/语言扩展层/SIMD-BuiltIn关键字.md (ascend-facts A.0)';

/** The base rows; the kernel and host profiles extend them. */
export const PRODUCT_BASES: Readonly<Record<ProductId, ProductBase>> = {
	'atlas-training': {
		id: 'atlas-training',
		name: { zh: 'Atlas 训练系列产品', en: 'Atlas training series' },
		npuArch: { value: 1001, source: ARCH_SOURCE },
	},
	'atlas-inference-aicore': {
		id: 'atlas-inference-aicore',
		name: { zh: 'Atlas 推理系列产品 AI Core', en: 'Atlas inference series (AI Core)' },
		npuArch: { value: 2002, source: ARCH_SOURCE },
	},
	'atlas-inference-vectorcore': {
		id: 'atlas-inference-vectorcore',
		name: { zh: 'Atlas 推理系列产品 Vector Core', en: 'Atlas inference series (Vector Core)' },
		npuArch: { value: 2002, source: ARCH_SOURCE },
	},
	'atlas-a2': {
		id: 'atlas-a2',
		name: { zh: 'Atlas A2 训练/推理系列产品', en: 'Atlas A2 training/inference series' },
		npuArch: { value: 2201, source: ARCH_SOURCE },
	},
	'atlas-a3': {
		id: 'atlas-a3',
		name: { zh: 'Atlas A3 训练/推理系列产品', en: 'Atlas A3 training/inference series' },
		npuArch: { value: 2201, source: ARCH_SOURCE },
	},
	'atlas-200i-500-a2': {
		id: 'atlas-200i-500-a2',
		name: { zh: 'Atlas 200I/500 A2 推理产品', en: 'Atlas 200I/500 A2 inference products' },
		npuArch: { value: 3002, source: ARCH_SOURCE },
	},
};

/** The host (AscendCL runtime, driver) profile of each product; type and sources in host/host-profile.ts. */
export { HOST_PROFILES, hostProfile, type HostProfile } from './host/host-profile.ts';

/** The kernel (AI Core) profile of each product; type and sources in kernel/kernel-profile.ts. */
export { KERNEL_PROFILES, kernelProfile, type KernelProfile } from './kernel/kernel-profile.ts';
import {
	KERNEL_PROFILES as KERNEL_ROWS,
	type KernelProfile as KernelRow,
} from './kernel/kernel-profile.ts';
import { HOST_PROFILES as HOST_ROWS, type HostProfile as HostRow } from './host/host-profile.ts';

/** One product's whole profile: base row, kernel side and host side. */
export interface ProductProfile extends ProductBase {
	kernel: KernelRow;
	host: HostRow;
}

/** The joined profile of product `id`. */
export function productProfile(id: ProductId): ProductProfile {
	return { ...PRODUCT_BASES[id], kernel: KERNEL_ROWS[id], host: HOST_ROWS[id] };
}
