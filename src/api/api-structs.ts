/**
 * The parameter structs of the Ascend C calls the catalog runs, with their fields in header
 * order, their defaults and their constructors (as the fields each one sets), and the enums
 * their fields use. Programs declare them, brace-initialise them and pass them by value; the
 * interpreter builds each as a class from this data (lang/bindings/catalog-structs.ts), and a
 * semantics reads an argument's fields with `structValue`.
 *
 * Sources: include/basic_api/kernel_struct_data_copy.h, kernel_struct_mm.h,
 * kernel_struct_fixpipe.h, kernel_struct_gather.h and the 辅助数据结构 reference pages of
 * cannmirror/asc-devkit (0da921b).
 */
import type { Localized } from './api-row.ts';
import type { ApiField, ApiType } from './api-types.ts';
import type { ApiGroupId } from './groups.ts';
import { ascendCAdvancedDoc, ascendCContextDoc, ascendCDoc } from './sources.ts';

/** One field: name, type, default, zh and en doc, and union aliases. */
type FieldRow = readonly [string, string, string, string, string, (readonly string[])?];

function fields(rows: readonly FieldRow[]): ApiField[] {
	return rows.map(([name, type, defaultValue, zh, en, aliases]) => ({
		name,
		type,
		defaultValue,
		doc: { zh, en },
		...(aliases ? { aliases } : {}),
	}));
}

function struct(
	name: string,
	group: ApiGroupId,
	source: string,
	doc: Localized,
	rows: readonly FieldRow[],
	constructors: ReadonlyArray<readonly string[]>,
	extra: { templateParams?: readonly string[]; aliases?: readonly string[] } = {},
): ApiType {
	return {
		name,
		kind: 'struct',
		group,
		fields: fields(rows),
		constructors,
		doc,
		source,
		...extra,
	};
}

function enumType(
	name: string,
	group: ApiGroupId,
	values: readonly string[],
	doc: Localized,
	source: string,
	scoped = true,
): ApiType {
	return {
		name,
		kind: 'enum',
		group,
		base: 'uint8_t',
		scoped,
		values: Object.fromEntries(values.map((v, i) => [v, i])),
		doc,
		source,
	};
}

const MOVE = 'ascendc-data-movement';
const CUBE = 'ascendc-cube';
const VECTOR = 'ascendc-vector-arithmetic';
const HIGH_DIM = ascendCDoc(
	'Memory矢量计算/数据搬运/GM与UB数据搬运/GM与UB高维切分数据搬运(DataCopy).md',
);
const PAD = ascendCContextDoc('DataCopyPad(ISASI)');

const LAYERNORM_PAGE = ascendCAdvancedDoc('归一化操作/LayerNorm.md');
const SORT_PAGE = ascendCAdvancedDoc('排序操作/MrgSort-93.md');

/** The buffer-size fields both LayerNorm tilings start their host-computed part with. */
const LAYERNORM_SIZES = ['inputXSize', 'meanVarSize', 'numberOfTmpBuf'];
/** The temporary-buffer and loop fields both LayerNorm tilings share, in header order. */
const LAYERNORM_LOOP = [
	'varianceTmpTensorPos',
	'varianceTmpTensorSize',
	'tmpBufSize',
	'oneTmpSize',
	'firstTmpStartPos',
	'secondTmpStartPos',
	'thirdTmpStartPos',
	'loopRound',
	'inputRoundSize',
	'inputTailSize',
	'inputTailPos',
	'meanVarRoundSize',
	'meanVarTailSize',
	'meanVarTailPos',
];

/** Tiling fields the host computes and the simulator does not read. */
function tilingOnly(names: readonly string[], type = 'uint32_t'): FieldRow[] {
	return names.map((n) => [
		n,
		type,
		'0',
		'Host 侧 tiling 算出的参数（模拟器不使用）。',
		'A value the host tiling computes (not used by the simulator).',
	]);
}

const TRANSPOSE_PAGE = ascendCDoc('Memory矢量计算/数据排布转换/Transpose.md');

/** `enum class TransposeType : uint8_t` in header order (Transpose.md). */
export const TRANSPOSE_TYPES: readonly string[] = [
	'TRANSPOSE_TYPE_NONE',
	'TRANSPOSE_NZ2ND_0213',
	'TRANSPOSE_NZ2NZ_0213',
	'TRANSPOSE_NZ2NZ_012_WITH_N',
	'TRANSPOSE_NZ2ND_012_WITH_N',
	'TRANSPOSE_NZ2ND_012_WITHOUT_N',
	'TRANSPOSE_NZ2NZ_012_WITHOUT_N',
	'TRANSPOSE_ND2ND_ONLY',
	'TRANSPOSE_ND_UB_GM',
	'TRANSPOSE_GRAD_ND_UB_GM',
	'TRANSPOSE_ND2ND_B16',
	'TRANSPOSE_NCHW2NHWC',
	'TRANSPOSE_NHWC2NCHW',
];

/** The fields the two DataCopyPad padding structs share (they differ in paddingValue's type). */
const PAD_FLAGS: readonly FieldRow[] = [
	[
		'isPad',
		'bool',
		'false',
		'是否用 paddingValue 填充；否则填充值不确定。',
		'Whether to pad with paddingValue; otherwise the padding is undefined.',
	],
	[
		'leftPadding',
		'uint8_t',
		'0',
		'每块左侧填充的元素个数，不超过 32 字节。',
		'Elements to pad on the left of each block, at most 32 bytes.',
	],
	[
		'rightPadding',
		'uint8_t',
		'0',
		'每块右侧填充的元素个数，不超过 32 字节。',
		'Elements to pad on the right of each block, at most 32 bytes.',
	],
];

/** A `…RepeatParams` struct: a block stride and a repeat stride per operand, with its constructor. */
function repeatParams(
	name: string,
	operands: readonly string[],
	blockStrideType: string,
	doc: Localized,
): ApiType {
	const rows: FieldRow[] = [
		['blockNumber', 'uint32_t', '8', '保留参数，使用默认值即可。', 'Reserved; keep the default.'],
		...operands.map((o): FieldRow => [
			`${o}BlkStride`,
			blockStrideType,
			'1',
			`${o} 在同一次迭代内相邻 DataBlock 之间的步长，单位为 DataBlock。`,
			`The stride of ${o} between neighbouring DataBlocks of one repeat, in DataBlocks.`,
		]),
		...operands.map((o): FieldRow => [
			`${o}RepStride`,
			'uint8_t',
			'8',
			`${o} 相邻两次迭代起始地址之间的步长，单位为 DataBlock。`,
			`The stride of ${o} between the starts of neighbouring repeats, in DataBlocks.`,
		]),
		['repeatStrideMode', 'bool', 'false', '保留参数。', 'Reserved.'],
		['strideSizeMode', 'bool', 'false', '保留参数。', 'Reserved.'],
	];
	const strides = [
		...operands.map((o) => `${o}BlkStride`),
		...operands.map((o) => `${o}RepStride`),
	];
	return struct(name, VECTOR, ascendCDoc(`辅助数据结构/${name}.md`), doc, rows, [strides]);
}

/** The structs and the enums of their fields. */
export const API_STRUCT_TYPES: readonly ApiType[] = [
	struct(
		'DataCopyParams',
		MOVE,
		HIGH_DIM,
		{
			zh: '非连续搬运的参数：搬几块、每块多长、源和目的两侧块与块之间隔多远（DataCopy 中以 32 字节 DataBlock 为单位；DataCopyPad 中 blockLen 以字节为单位，GM 一侧的间隔也以字节为单位）。',
			en: 'The parameters of a strided copy: how many blocks, how long each is, and the gaps between blocks on each side (in 32-byte DataBlocks for DataCopy; for DataCopyPad blockLen is in bytes, and so is the gap on the GM side).',
		},
		[
			[
				'blockCount',
				'uint16_t',
				'1',
				'搬运的数据块个数，0 到 4095。',
				'How many blocks to copy, 0 to 4095.',
			],
			['blockLen', 'uint16_t', '0', '每个数据块的长度。', 'The length of each block.'],
			[
				'srcGap',
				'uint16_t',
				'0',
				'源操作数相邻数据块之间的间隔（前一块结尾到后一块开头）。',
				'The gap between neighbouring source blocks (end of one to start of the next).',
				['srcStride'],
			],
			[
				'dstGap',
				'uint16_t',
				'0',
				'目的操作数相邻数据块之间的间隔。',
				'The gap between neighbouring destination blocks.',
				['dstStride'],
			],
		],
		[['blockCount', 'blockLen', 'srcGap', 'dstGap']],
	),
	struct(
		'DataCopyExtParams',
		MOVE,
		PAD,
		{
			zh: 'DataCopyPad 的搬运参数（取值范围比 DataCopyParams 大）：blockLen 以字节为单位；间隔在 UB 一侧以 32 字节 DataBlock 为单位，在 GM 一侧以字节为单位。',
			en: 'The copy parameters of DataCopyPad (wider ranges than DataCopyParams): blockLen in bytes; the gaps in 32-byte DataBlocks on the UB side and in bytes on the GM side.',
		},
		[
			[
				'blockCount',
				'uint16_t',
				'1',
				'连续传输的数据块个数，1 到 4095。',
				'How many blocks, 1 to 4095.',
			],
			[
				'blockLen',
				'uint32_t',
				'0',
				'每个数据块的字节数，1 到 2097151。',
				'The bytes of each block, 1 to 2097151.',
			],
			[
				'srcStride',
				'uint32_t',
				'0',
				'源操作数相邻数据块之间的间隔。',
				'The gap between neighbouring source blocks.',
			],
			[
				'dstStride',
				'uint32_t',
				'0',
				'目的操作数相邻数据块之间的间隔。',
				'The gap between neighbouring destination blocks.',
			],
			['rsv', 'uint32_t', '0', '保留字段。', 'Reserved.'],
		],
		[['blockCount', 'blockLen', 'srcStride', 'dstStride', 'rsv']],
	),
	struct(
		'DataCopyPadParams',
		MOVE,
		PAD,
		{
			zh: 'DataCopyPad（DataCopyParams 形式）从 GM 搬入时的填充参数；paddingValue 只能为 0。',
			en: 'The padding of DataCopyPad (DataCopyParams form) when copying in from GM; paddingValue must be 0.',
		},
		[...PAD_FLAGS, ['paddingValue', 'uint64_t', '0', '填充值。', 'The padding value.']],
		[['isPad', 'leftPadding', 'rightPadding', 'paddingValue']],
	),
	struct(
		'DataCopyPadExtParams',
		MOVE,
		PAD,
		{
			zh: 'DataCopyPad（DataCopyExtParams 形式）从 GM 搬入时的填充参数，填充值的类型与操作数相同。',
			en: 'The padding of DataCopyPad (DataCopyExtParams form) when copying in from GM; the padding value has the operands’ type.',
		},
		[
			...PAD_FLAGS,
			['paddingValue', 'T', '0', '填充值（T 类型）。', 'The padding value (of type T).'],
		],
		[['isPad', 'leftPadding', 'rightPadding', 'paddingValue']],
		{ templateParams: ['T'] },
	),
	enumType(
		'BlockMode',
		MOVE,
		[
			'BLOCK_MODE_NORMAL',
			'BLOCK_MODE_MATRIX',
			'BLOCK_MODE_VECTOR',
			'BLOCK_MODE_SMALL_CHANNEL',
			'BLOCK_MODE_DEPTHWISE',
		],
		{
			zh: '增强搬运的数据块模式；模拟器只计算普通模式（其余模式的数值为示意值）。',
			en: 'The block mode of an enhanced copy; the simulator computes the normal mode only (the other values are illustrative).',
		},
		ascendCContextDoc('增强数据搬运'),
	),
	enumType(
		'DeqScale',
		MOVE,
		['DEQ_NONE', 'DEQ', 'VDEQ', 'DEQ8', 'VDEQ8', 'DEQ16', 'VDEQ16'],
		{
			zh: '增强搬运的随路反量化模式；模拟器不做反量化（数值为示意值）。',
			en: 'The dequantisation mode of an enhanced copy; the simulator does not dequantise (values illustrative).',
		},
		ascendCContextDoc('增强数据搬运'),
	),
	enumType(
		'pad_t',
		MOVE,
		[
			'PAD_NONE',
			'PAD_MODE1',
			'PAD_MODE2',
			'PAD_MODE3',
			'PAD_MODE4',
			'PAD_MODE5',
			'PAD_MODE6',
			'PAD_MODE7',
			'PAD_MODE8',
		],
		{
			zh: '增强搬运的填充模式（数值为示意值）。',
			en: 'The padding mode of an enhanced copy (values illustrative).',
		},
		ascendCContextDoc('增强数据搬运'),
	),
	struct(
		'DataCopyEnhancedParams',
		MOVE,
		ascendCContextDoc('增强数据搬运'),
		{
			zh: '增强搬运的附加参数：数据块模式、随路反量化、ReLU 和填充。模拟器按普通模式搬运，其余设置只报告不计算。',
			en: 'The extra parameters of an enhanced copy: block mode, dequantisation, ReLU and padding. The simulator copies in the normal mode and reports the other settings without computing them.',
		},
		[
			['blockMode', 'BlockMode', 'BlockMode::BLOCK_MODE_NORMAL', '数据块模式。', 'The block mode.'],
			[
				'deqScale',
				'DeqScale',
				'DeqScale::DEQ_NONE',
				'随路反量化模式。',
				'The dequantisation mode.',
			],
			['deqValue', 'uint64_t', '0', '反量化参数。', 'The dequantisation parameter.'],
			['sidStoreMode', 'uint8_t', '0', '存储模式。', 'The store mode.'],
			['isRelu', 'bool', 'false', '是否随路做 ReLU。', 'Whether to apply ReLU on the way.'],
			['padMode', 'pad_t', 'pad_t::PAD_NONE', '填充模式。', 'The padding mode.'],
			['padValue', 'uint64_t', '0', '填充值。', 'The padding value.'],
			[
				'deqTensorAddr',
				'uint64_t',
				'0',
				'反量化参数张量的地址。',
				'The address of the dequantisation tensor.',
			],
		],
		[['blockMode', 'deqScale', 'deqValue', 'sidStoreMode', 'isRelu', 'padMode', 'padValue']],
	),
	struct(
		'SliceInfo',
		MOVE,
		ascendCContextDoc('切片数据搬运'),
		{
			zh: '切片搬运中一个维度的切片信息：从第几个元素（行）开始、到第几个结束、片与片之间隔几个、每片多长、该维原长。',
			en: 'One dimension of a slice copy: the first and last element (or row), the gap between slices, the slice length and the dimension’s full length.',
		},
		[
			['startIndex', 'uint32_t', '0', '切片的起始元素位置。', 'Where the slice starts.'],
			[
				'endIndex',
				'uint32_t',
				'31',
				'切片的终止元素位置（含）。',
				'Where the slice ends (inclusive).',
			],
			[
				'stride',
				'uint32_t',
				'0',
				'相邻两片之间间隔的元素个数。',
				'Elements between neighbouring slices.',
			],
			[
				'burstLen',
				'uint32_t',
				'32',
				'每片的长度，单位为 DataBlock；超过一维时必须为 1。',
				'The length of each slice in DataBlocks; must be 1 beyond the first dimension.',
			],
			[
				'shapeValue',
				'uint32_t',
				'0',
				'该维的原始长度（元素个数）。',
				'The dimension’s full length, in elements.',
			],
		],
		[
			['startIndex', 'endIndex', 'stride', 'burstLen'],
			['startIndex', 'endIndex', 'stride', 'burstLen', 'shapeValue'],
		],
	),
	struct(
		'Nd2NzParams',
		MOVE,
		ascendCContextDoc('随路转换ND2NZ搬运'),
		{
			zh: '随路把 ND 格式转换成 NZ 分形格式的搬运参数（GM 或 UB 到 L1）。',
			en: 'The parameters of a copy that converts ND to the NZ fractal layout on the way (GM or UB to L1).',
		},
		[
			['ndNum', 'uint16_t', '0', '源 ND 矩阵的个数。', 'How many ND matrices.'],
			['nValue', 'uint16_t', '0', '每个 ND 矩阵的行数。', 'Rows of each ND matrix.'],
			[
				'dValue',
				'uint16_t',
				'0',
				'每个 ND 矩阵的列数（元素个数）。',
				'Columns of each ND matrix, in elements.',
			],
			[
				'srcNdMatrixStride',
				'uint16_t',
				'0',
				'相邻 ND 矩阵起始位置之间的元素个数。',
				'Elements between the starts of neighbouring ND matrices.',
			],
			[
				'srcDValue',
				'uint16_t',
				'0',
				'源矩阵一行的元素个数（行与行的间距）。',
				'Elements from one source row to the next.',
			],
			[
				'dstNzC0Stride',
				'uint16_t',
				'0',
				'同一行相邻 DataBlock 在 NZ 矩阵中相隔的 DataBlock 数。',
				'DataBlocks between neighbouring blocks of one row in the NZ matrix.',
			],
			[
				'dstNzNStride',
				'uint16_t',
				'0',
				'相邻行在 NZ 矩阵中相隔的 DataBlock 数。',
				'DataBlocks between neighbouring rows in the NZ matrix.',
			],
			[
				'dstNzMatrixStride',
				'uint16_t',
				'0',
				'相邻 NZ 矩阵起始位置之间的元素个数。',
				'Elements between the starts of neighbouring NZ matrices.',
			],
		],
		[
			[
				'ndNum',
				'nValue',
				'dValue',
				'srcNdMatrixStride',
				'srcDValue',
				'dstNzC0Stride',
				'dstNzNStride',
				'dstNzMatrixStride',
			],
		],
	),
	repeatParams('BinaryRepeatParams', ['dst', 'src0', 'src1'], 'uint8_t', {
		zh: '双源操作数矢量指令（mask/repeat 形式）的地址步长：同一次迭代内各 DataBlock 之间、相邻迭代之间各隔多远。',
		en: 'The address strides of a two-source vector instruction (mask/repeat form): between the DataBlocks of one repeat, and between repeats.',
	}),
	repeatParams('UnaryRepeatParams', ['dst', 'src'], 'uint16_t', {
		zh: '单源操作数矢量指令（mask/repeat 形式）的地址步长：同一次迭代内各 DataBlock 之间、相邻迭代之间各隔多远。',
		en: 'The address strides of a one-source vector instruction (mask/repeat form): between the DataBlocks of one repeat, and between repeats.',
	}),
	struct(
		'BrcbRepeatParams',
		VECTOR,
		ascendCDoc('Memory矢量计算/数据填充/Brcb.md'),
		{
			zh: 'Brcb 的迭代参数：目的操作数同一迭代内 DataBlock 之间和相邻迭代之间的步长（单位 DataBlock）；其余字段已废弃。',
			en: 'The repeat parameters of Brcb: the destination strides between the DataBlocks of a repeat and between repeats (in DataBlocks); the other fields are obsolete.',
		},
		[
			['blockNumber', 'uint32_t', '8', '已废弃。', 'Obsolete.'],
			[
				'dstRepStride',
				'uint16_t',
				'8',
				'相邻迭代间目的操作数相同 DataBlock 的步长。',
				'The destination stride between repeats.',
			],
			[
				'dstBlkStride',
				'uint16_t',
				'1',
				'同一迭代内目的操作数相邻 DataBlock 的步长，不能为 0。',
				'The destination stride between the DataBlocks of one repeat; must not be 0.',
			],
			['src0BlkStride', 'uint8_t', '1', '已废弃。', 'Obsolete.'],
			['src1BlkStride', 'uint8_t', '1', '已废弃。', 'Obsolete.'],
			['src0RepStride', 'uint8_t', '8', '已废弃。', 'Obsolete.'],
			['src1RepStride', 'uint8_t', '8', '已废弃。', 'Obsolete.'],
			['repeatStrideMode', 'bool', 'false', '已废弃。', 'Obsolete.'],
			['strideSizeMode', 'bool', 'false', '已废弃。', 'Obsolete.'],
		],
		[['dstBlkStride', 'dstRepStride']],
	),
	struct(
		'CopyRepeatParams',
		MOVE,
		ascendCDoc('Memory矢量计算/数据搬运/UB与UB数据搬运/UBToUB掩码式高维数据搬运(Copy).md'),
		{
			zh: 'Copy 的地址步长（单位 DataBlock）：同一迭代内相邻 DataBlock 之间（默认 0），相邻迭代之间（默认 8）。',
			en: 'The address strides of Copy, in DataBlocks: between neighbouring DataBlocks of one repeat (default 0) and between repeats (default 8).',
		},
		[
			[
				'dstStride',
				'uint16_t',
				'0',
				'目的操作数同一迭代内相邻 DataBlock 的步长。',
				'The destination stride between the DataBlocks of one repeat.',
			],
			[
				'srcStride',
				'uint16_t',
				'0',
				'源操作数同一迭代内相邻 DataBlock 的步长。',
				'The source stride between the DataBlocks of one repeat.',
			],
			[
				'dstRepeatSize',
				'uint16_t',
				'8',
				'目的操作数相邻迭代之间的步长。',
				'The destination stride between repeats.',
			],
			[
				'srcRepeatSize',
				'uint16_t',
				'8',
				'源操作数相邻迭代之间的步长。',
				'The source stride between repeats.',
			],
		],
		[['dstStride', 'srcStride', 'dstRepeatSize', 'srcRepeatSize']],
	),
	enumType(
		'SaturationMode',
		'ascendc-cast-compare-select',
		['FLOAT', 'CAST'],
		{
			zh: 'SetSaturationFlag 控制的饱和开关：FLOAT 为浮点计算与浮点精度转换（half、bfloat16_t），CAST 为浮点转整数、整数转整数的精度转换。',
			en: 'Which saturation SetSaturationFlag controls: FLOAT for float computation and float conversions (half, bfloat16_t), CAST for float → integer and integer → integer conversions.',
		},
		ascendCDoc('特殊寄存器访问/SetSaturationFlag(ISASI).md'),
	),
	enumType(
		'TransposeType',
		VECTOR,
		TRANSPOSE_TYPES,
		{
			zh: '增强转置的排布类型；模拟器计算 TRANSPOSE_ND2ND_B16、TRANSPOSE_NCHW2NHWC、TRANSPOSE_NHWC2NCHW，文档标为“当前不支持”的其余类型不做处理。',
			en: 'The layout type of the enhanced Transpose; the simulator computes TRANSPOSE_ND2ND_B16, TRANSPOSE_NCHW2NHWC and TRANSPOSE_NHWC2NCHW, and the others, which the page marks as not supported, do nothing.',
		},
		TRANSPOSE_PAGE,
	),
	struct(
		'TransposeParamsExt',
		VECTOR,
		TRANSPOSE_PAGE,
		{
			zh: '增强转置的形状（nSize、cSize、hSize、wSize）和排布类型。',
			en: 'The shape (nSize, cSize, hSize, wSize) and layout type of the enhanced Transpose.',
		},
		[
			['nSize', 'uint16_t', '0', 'N 轴长度。', 'The N extent.'],
			['cSize', 'uint16_t', '0', 'C 轴长度。', 'The C extent.'],
			[
				'hSize',
				'uint16_t',
				'0',
				'H 轴长度（二维转置固定为 16）。',
				'The H extent (16 for the 2-D transpose).',
			],
			[
				'wSize',
				'uint16_t',
				'0',
				'W 轴长度（二维转置固定为 16）。',
				'The W extent (16 for the 2-D transpose).',
			],
			[
				'transposeType',
				'TransposeType',
				'TransposeType::TRANSPOSE_ND2ND_B16',
				'排布类型。',
				'The layout type.',
			],
		],
		[['nSize', 'cSize', 'hSize', 'wSize', 'transposeType']],
	),
	struct(
		'GatherMaskParams',
		'ascendc-cast-compare-select',
		ascendCContextDoc('GatherMask'),
		{
			zh: 'GatherMask 的迭代参数：源操作数块步长、迭代次数和两个操作数的迭代步长。',
			en: 'The repeat parameters of GatherMask: the source block stride, the repeat count and the repeat strides of both operands.',
		},
		[
			[
				'src0BlockStride',
				'uint8_t',
				'1',
				'源操作数同一次迭代内相邻 DataBlock 的步长。',
				'The source stride between the DataBlocks of one repeat.',
			],
			['repeatTimes', 'uint16_t', '0', '迭代次数。', 'How many repeats.'],
			[
				'src0RepeatStride',
				'uint16_t',
				'8',
				'源操作数相邻迭代之间的步长（DataBlock）。',
				'The source stride between repeats, in DataBlocks.',
			],
			[
				'src1RepeatStride',
				'uint8_t',
				'8',
				'掩码操作数相邻迭代之间的步长（DataBlock）。',
				'The mask operand’s stride between repeats, in DataBlocks.',
			],
		],
		[['src0BlockStride', 'repeatTimes', 'src0RepeatStride', 'src1RepeatStride']],
	),
	struct(
		'LoadData2DParams',
		CUBE,
		ascendCContextDoc('LoadData'),
		{
			zh: 'LoadData 二维搬运（L1 到 L0A/L0B）的参数：从第几个分形开始、搬几次、源步长、目的间隔、是否转置。',
			en: 'The parameters of a 2-D LoadData (L1 to L0A/L0B): the first fractal, how many, the source stride, the destination gap, and whether to transpose.',
		},
		[
			[
				'startIndex',
				'uint16_t',
				'0',
				'源操作数中起始分形的序号（每个分形 512 字节）。',
				'The index of the first source fractal (512 bytes each).',
			],
			[
				'dstGap',
				'uint16_t',
				'0',
				'目的操作数相邻分形之间的间隔，单位为分形。',
				'The gap between destination fractals, in fractals.',
			],
			[
				'srcStride',
				'uint16_t',
				'0',
				'源操作数相邻两次搬运起始分形之间的距离，单位为分形。',
				'The distance between the source fractals of neighbouring repeats, in fractals.',
			],
			['ifTranspose', 'bool', 'false', '是否转置每个分形。', 'Whether to transpose each fractal.'],
			['repeatTimes', 'uint8_t', '0', '搬运的分形个数。', 'How many fractals to load.'],
			['sid', 'uint8_t', '0', '保留参数。', 'Reserved.'],
			['addrMode', 'uint8_t', '0', '地址递增模式（0 递增）。', 'The address mode (0 increments).'],
		],
		[['startIndex', 'repeatTimes', 'srcStride', 'sid', 'dstGap', 'ifTranspose', 'addrMode']],
		{ aliases: ['LoadData2dParams'] },
	),
	struct(
		'MmadParams',
		CUBE,
		ascendCContextDoc('Mmad'),
		{
			zh: 'Mmad 的参数：左矩阵 M×K、右矩阵 K×N 的形状，是否带偏置，以及 C 矩阵是累加还是清零后写入。',
			en: 'The parameters of Mmad: the shapes M×K of the left and K×N of the right matrix, the bias, and whether C accumulates or starts from zero.',
		},
		[
			['m', 'uint16_t', '0', '左矩阵的行数 M。', 'Rows M of the left matrix.'],
			['n', 'uint16_t', '0', '右矩阵的列数 N。', 'Columns N of the right matrix.'],
			[
				'k',
				'uint16_t',
				'0',
				'左矩阵的列数 K（右矩阵的行数）。',
				'Columns K of the left matrix (rows of the right).',
			],
			[
				'isBias',
				'bool',
				'false',
				'是否以 C 矩阵的原值为偏置累加（旧写法）。',
				'Whether C’s current value is the bias to add (the older spelling).',
			],
			['fmOffset', 'int32_t', '0', '保留参数。', 'Reserved.'],
			[
				'enSsparse',
				'bool',
				'false',
				'是否使能稀疏（不模拟）。',
				'Whether sparsity is on (not modelled).',
			],
			['enWinogradA', 'bool', 'false', '保留参数。', 'Reserved.'],
			['enWinogradB', 'bool', 'false', '保留参数。', 'Reserved.'],
			[
				'unitFlag',
				'uint8_t',
				'0',
				'细粒度同步标志（不模拟）。',
				'The fine-grained sync flag (not modelled).',
			],
			[
				'kDirectionAlign',
				'bool',
				'false',
				'K 方向是否对齐（不模拟）。',
				'K-direction alignment (not modelled).',
			],
			[
				'cmatrixSource',
				'bool',
				'false',
				'C 矩阵初值的来源（false：CO1）。',
				'Where C starts from (false: CO1).',
			],
			[
				'cmatrixInitVal',
				'bool',
				'true',
				'true：C 从 0 开始；false：在 CO1 原值上累加。',
				'true: C starts from 0; false: it accumulates onto CO1.',
			],
		],
		[
			['m', 'n', 'k', 'isBias', 'fmOffset', 'enSsparse', 'enWinogradA', 'enWinogradB'],
			['m', 'n', 'k', 'unitFlag', 'cmatrixSource', 'cmatrixInitVal'],
		],
	),
	enumType(
		'QuantMode_t',
		CUBE,
		[
			'NoQuant',
			'F322F16',
			'F322BF16',
			'DEQF16',
			'VDEQF16',
			'QF322B8_PRE',
			'VQF322B8_PRE',
			'REQ8',
			'VREQ8',
		],
		{
			zh: 'Fixpipe 随路量化的模式；模拟器计算 NoQuant、F322F16 和 F322BF16（其余数值为示意值）。',
			en: 'The quantisation of a Fixpipe copy; the simulator computes NoQuant, F322F16 and F322BF16 (the other values are illustrative).',
		},
		ascendCContextDoc('Fixpipe'),
		false,
	),
	enumType(
		'CO2Layout',
		CUBE,
		['NZ', 'ROW_MAJOR', 'COLUMN_MAJOR'],
		{
			zh: 'Fixpipe 写出结果的排布：NZ 分形、行主序（ND）或列主序。',
			en: 'The layout Fixpipe writes: the NZ fractal, row-major (ND) or column-major.',
		},
		ascendCContextDoc('Fixpipe'),
	),
	struct(
		'FixpipeParamsV220',
		CUBE,
		ascendCContextDoc('Fixpipe'),
		{
			zh: 'Fixpipe 把 CO1 中的结果搬到 GM 的参数：N、M 方向的大小，源步长（CO1 中一列分形的 M 向长度）和目的行步长，随路量化与 ReLU。',
			en: 'The parameters of Fixpipe, which moves a result from CO1 to GM: the N and M sizes, the source stride (the M length of a fractal column in CO1), the destination row stride, quantisation and ReLU.',
		},
		[
			[
				'nSize',
				'uint16_t',
				'0',
				'N 方向（列）的元素个数。',
				'Elements in the N direction (columns).',
			],
			['mSize', 'uint16_t', '0', 'M 方向（行）的元素个数。', 'Elements in the M direction (rows).'],
			[
				'srcStride',
				'uint16_t',
				'0',
				'CO1 中相邻两列分形之间的距离，以 M 方向的 16 元素行计（通常为 M 对齐到 16）。',
				'The distance between neighbouring fractal columns in CO1, in 16-element rows of M (usually M rounded up to 16).',
			],
			[
				'dstStride',
				'uint32_t',
				'0',
				'ND 输出时目的矩阵一行的元素个数。',
				'Elements of one destination row, for ND output.',
			],
			[
				'quantPre',
				'QuantMode_t',
				'QuantMode_t::NoQuant',
				'随路量化模式。',
				'The quantisation mode.',
			],
			['deqScalar', 'uint64_t', '0', '量化参数。', 'The quantisation scale.'],
			['ndNum', 'uint16_t', '1', 'ND 矩阵个数。', 'How many ND matrices.'],
			[
				'srcNdStride',
				'uint16_t',
				'0',
				'源相邻 ND 矩阵的间隔。',
				'The source gap between ND matrices.',
			],
			[
				'dstNdStride',
				'uint16_t',
				'0',
				'目的相邻 ND 矩阵的间隔。',
				'The destination gap between ND matrices.',
			],
			['reluEn', 'bool', 'false', '是否随路做 ReLU。', 'Whether to apply ReLU on the way.'],
			[
				'unitFlag',
				'uint8_t',
				'0',
				'细粒度同步标志（不模拟）。',
				'The fine-grained sync flag (not modelled).',
			],
			[
				'isChannelSplit',
				'bool',
				'false',
				'是否做通道拆分（不模拟）。',
				'Whether to split channels (not modelled).',
			],
		],
		[
			['nSize', 'mSize', 'srcStride', 'dstStride', 'reluEn'],
			[
				'nSize',
				'mSize',
				'srcStride',
				'dstStride',
				'reluEn',
				'quantPre',
				'deqScalar',
				'ndNum',
				'srcNdStride',
				'dstNdStride',
				'unitFlag',
			],
		],
	),
	struct(
		'DataCopyCO12DstParams',
		CUBE,
		ascendCContextDoc('DataCopy'),
		{
			zh: '用 DataCopy 把 CO1 中的结果搬到 GM 的参数（A2/A3）：N、M 大小，目的、源步长，随路量化与 ReLU，以及是否转成 ND。',
			en: 'The parameters of DataCopy from CO1 to GM (A2/A3): the N and M sizes, the destination and source strides, quantisation and ReLU, and whether to write ND.',
		},
		[
			['sid', 'uint8_t', '0', '保留参数。', 'Reserved.'],
			['nSize', 'uint16_t', '0', 'N 方向的元素个数。', 'Elements in the N direction.'],
			['mSize', 'uint16_t', '0', 'M 方向的元素个数。', 'Elements in the M direction.'],
			[
				'dstStride',
				'uint32_t',
				'0',
				'ND 输出时目的矩阵一行的元素个数。',
				'Elements of one destination row, for ND output.',
			],
			[
				'srcStride',
				'uint16_t',
				'0',
				'CO1 中相邻两列分形之间的距离，以 16 元素行计。',
				'The distance between fractal columns in CO1, in 16-element rows.',
			],
			[
				'unitFlag',
				'uint8_t',
				'0',
				'细粒度同步标志（不模拟）。',
				'The fine-grained sync flag (not modelled).',
			],
			[
				'clipReluPre',
				'uint8_t',
				'0',
				'ClipReLU（仅 200I/500 A2，不模拟）。',
				'ClipReLU (200I/500 A2 only; not modelled).',
			],
			[
				'eltWiseOp',
				'uint8_t',
				'0',
				'随路逐元素加减（仅 200I/500 A2，不模拟）。',
				'Element-wise add or subtract on the way (200I/500 A2 only; not modelled).',
			],
			[
				'quantPre',
				'QuantMode_t',
				'QuantMode_t::NoQuant',
				'随路量化模式。',
				'The quantisation mode.',
			],
			['reluPre', 'uint8_t', '0', '随路 ReLU（非 0 时做）。', 'ReLU on the way (when non-zero).'],
			[
				'channelSplit',
				'bool',
				'false',
				'是否做通道拆分（不模拟）。',
				'Whether to split channels (not modelled).',
			],
			['nz2ndEn', 'bool', 'false', '是否转换成 ND 格式写出。', 'Whether to write the ND layout.'],
		],
		[
			[
				'nSize',
				'mSize',
				'dstStride',
				'srcStride',
				'quantPre',
				'reluPre',
				'channelSplit',
				'nz2ndEn',
			],
		],
	),
	struct(
		'GatherRepeatParams',
		'ascendc-cast-compare-select',
		ascendCContextDoc('Gatherb(ISASI)'),
		{
			zh: 'Gatherb 的目的操作数步长：同一次迭代内相邻 DataBlock、相邻迭代之间的距离（DataBlock）。',
			en: 'The destination strides of Gatherb: between the DataBlocks of a repeat and between repeats, in DataBlocks.',
		},
		[
			['blockNumber', 'uint32_t', '8', '保留参数。', 'Reserved.'],
			[
				'dstRepStride',
				'uint16_t',
				'8',
				'目的操作数相邻迭代之间的步长。',
				'The destination stride between repeats.',
			],
			[
				'dstBlkStride',
				'uint8_t',
				'1',
				'目的操作数同一次迭代内相邻 DataBlock 的步长。',
				'The destination stride between the DataBlocks of a repeat.',
			],
			['src0BlkStride', 'uint8_t', '1', '保留参数。', 'Reserved.'],
			['src1BlkStride', 'uint8_t', '1', '保留参数。', 'Reserved.'],
			['src0RepStride', 'uint8_t', '8', '保留参数。', 'Reserved.'],
			['src1RepStride', 'uint8_t', '8', '保留参数。', 'Reserved.'],
			['repeatStrideMode', 'bool', 'false', '保留参数。', 'Reserved.'],
			['strideSizeMode', 'bool', 'false', '保留参数。', 'Reserved.'],
		],
		[['dstBlkStride', 'dstRepStride']],
	),
	enumType(
		'CMPMODE',
		'ascendc-cast-compare-select',
		['LT', 'GT', 'EQ', 'LE', 'GE', 'NE'],
		{
			zh: 'Compare 的比较方式：小于、大于、等于、小于等于、大于等于、不等于。',
			en: 'How Compare compares: less, greater, equal, less or equal, greater or equal, not equal.',
		},
		ascendCContextDoc('Compare'),
	),
	enumType(
		'SELMODE',
		'ascendc-cast-compare-select',
		['VSEL_CMPMASK_SPR', 'VSEL_TENSOR_SCALAR_MODE', 'VSEL_TENSOR_TENSOR_MODE'],
		{
			zh: 'Select 的模式：0 每次迭代用同一段 selMask；1 在 Tensor 和标量之间选；2 在两个 Tensor 之间选并连续消耗 selMask。',
			en: 'The mode of Select: 0 reuses the same selMask bits each repeat; 1 picks between a tensor and a scalar; 2 between two tensors, consuming selMask as it goes.',
		},
		ascendCContextDoc('Select'),
	),
	enumType(
		'GatherMaskMode',
		'ascendc-cast-compare-select',
		['VERSION_V1', 'VERSION_V2'],
		{
			zh: 'GatherMask 的指令版本（模拟器不区分）。',
			en: 'The GatherMask instruction version (the simulator does not tell them apart).',
		},
		ascendCContextDoc('GatherMask'),
	),
	enumType(
		'ReduceOrder',
		'ascendc-reduction',
		['ORDER_VALUE_INDEX', 'ORDER_INDEX_VALUE', 'ORDER_ONLY_VALUE', 'ORDER_ONLY_INDEX'],
		{
			zh: 'WholeReduceMax/Min 写结果的方式：[值, 索引]、[索引, 值]、只写值或只写索引。',
			en: 'How WholeReduceMax/Min write their result: [value, index], [index, value], the value alone or the index alone.',
		},
		ascendCContextDoc('WholeReduceMax'),
	),
	{
		name: 'ReduceType',
		kind: 'enum',
		group: 'ascendc-reduction',
		base: 'int32_t',
		scoped: true,
		values: { NONE: -1, SUM: 0, MAX: 1, MIN: 2 },
		doc: {
			zh: 'ReduceRepeat、ReduceDataBlock、ReducePairElem 的归约方式：求和、最大值、最小值。',
			en: 'What ReduceRepeat, ReduceDataBlock and ReducePairElem compute: the sum, the maximum or the minimum.',
		},
		source: ascendCDoc('Memory矢量计算/归约计算/ReduceRepeat.md'),
	},
	enumType(
		'MaskMode',
		VECTOR,
		['NORMAL', 'COUNTER'],
		{
			zh: 'SetVectorMask 写入的值按 Normal 模式（每次迭代的掩码）还是 Counter 模式（元素总数）解释。',
			en: 'Whether SetVectorMask’s value is a Normal-mode mask (per repeat) or a Counter-mode element count.',
		},
		ascendCContextDoc('SetVectorMask'),
	),
	{
		name: 'MASK_PLACEHOLDER',
		kind: 'macros',
		group: VECTOR,
		values: { MASK_PLACEHOLDER: 0 },
		doc: {
			zh: 'isSetMask 为 false 时填在 mask 参数位置的占位值（mask 由 SetVectorMask 设置）。',
			en: 'The placeholder for the mask argument when isSetMask is false (SetVectorMask sets the mask).',
		},
		source: ascendCContextDoc('SetVectorMask'),
	},
	{
		name: 'FixpipeConfig',
		kind: 'macros',
		group: CUBE,
		values: { CFG_NZ: 0, CFG_ROW_MAJOR: 1, CFG_COLUMN_MAJOR: 2 },
		doc: {
			zh: 'Fixpipe 的输出排布配置：CFG_ROW_MAJOR 转成 ND 行主序（默认），CFG_NZ 保持 NZ 分形。数值为其 CO2Layout 的取值。',
			en: 'The output layout of Fixpipe: CFG_ROW_MAJOR converts to row-major ND (the default), CFG_NZ keeps the NZ fractals. The values are their CO2Layout values.',
		},
		source: ascendCContextDoc('Fixpipe'),
	},
	struct(
		'LayerNormTiling',
		'ascendc-math-library',
		LAYERNORM_PAGE,
		{
			zh: 'LayerNorm（[B, S, H] 形式）的 tiling 结构，由 Host 侧 GetLayerNormNDTilingInfo 填好；模拟器只读取 bLength、sLength、hLength 和 originalHLength。',
			en: 'The tiling of LayerNorm (the [B, S, H] form), filled by the host-side GetLayerNormNDTilingInfo; the simulator reads only bLength, sLength, hLength and originalHLength.',
		},
		[
			['bLength', 'uint32_t', '0', 'B 轴长度。', 'The B extent.'],
			['sLength', 'uint32_t', '0', 'S 轴长度。', 'The S extent.'],
			[
				'hLength',
				'uint32_t',
				'0',
				'H 轴补齐后的长度（每行元素数）。',
				'The padded H extent (elements a row).',
			],
			[
				'originalHLength',
				'uint32_t',
				'0',
				'H 轴的实际长度（求均值与方差的元素数）。',
				'The real H extent (the elements the mean and variance cover).',
			],
			...tilingOnly([
				...LAYERNORM_SIZES,
				'meanTmpTensorPos',
				'meanTmpTensorSize',
				...LAYERNORM_LOOP,
				'bshCurLength',
				'bsCurLength',
			]),
			...tilingOnly(['lastDimValueBack'], 'float'),
		],
		[],
		{ aliases: ['tiling::LayerNormTiling', 'optiling::LayerNormTiling'] },
	),
	struct(
		'LayerNormSeparateTiling',
		'ascendc-math-library',
		LAYERNORM_PAGE,
		{
			zh: 'LayerNorm（[A, R] 形式）的 tiling 结构，由 Host 侧 tiling 接口填好；模拟器不读取它，形状取自 LayerNormPara。',
			en: 'The tiling of LayerNorm (the [A, R] form), filled by the host-side tiling functions; the simulator takes the shape from LayerNormPara and does not read it.',
		},
		[
			...tilingOnly(['aLength', 'rLength', 'halfAddRepeatTimes', 'rHeadLength']),
			...tilingOnly(['k2Rec', 'k2RRec'], 'float'),
			...tilingOnly([...LAYERNORM_SIZES, ...LAYERNORM_LOOP, 'arCurLength', 'aCurLength']),
			...tilingOnly(['rValueBack'], 'float'),
		],
		[],
		{ aliases: ['tiling::LayerNormSeparateTiling', 'optiling::LayerNormSeparateTiling'] },
	),
	enumType(
		'SortType',
		'ascendc-math-library',
		['RADIX_SORT', 'MERGE_SORT'],
		{
			zh: 'SortConfig 选择的排序算法：基数排序或归并排序（两者都稳定）。',
			en: 'The algorithm a SortConfig picks: radix sort or merge sort (both stable).',
		},
		ascendCAdvancedDoc('排序操作/Sort.md'),
	),
	struct(
		'SortConfig',
		'ascendc-math-library',
		ascendCAdvancedDoc('排序操作/Sort.md'),
		{
			zh: '带 SortConfig 的 Sort 的模板配置：算法和是否降序（默认 DEFAULT_SORT_CONFIG = {RADIX_SORT, false}，升序）。这些形式只在 Ascend 950PR/950DT 上有实现。',
			en: 'The template configuration of the SortConfig forms of Sort: the algorithm and whether to sort descending (DEFAULT_SORT_CONFIG = {RADIX_SORT, false}, ascending). These forms have a body only on Ascend 950PR/950DT.',
		},
		[
			['type', 'SortType', 'SortType::RADIX_SORT', '排序算法。', 'The algorithm.'],
			[
				'isDescend',
				'bool',
				'false',
				'是否降序；默认升序。',
				'Whether to sort descending; ascending by default.',
			],
		],
		[['type', 'isDescend']],
	),
	struct(
		'MrgSortSrcList',
		'ascendc-math-library',
		SORT_PAGE,
		{
			zh: 'MrgSort 要合并的最多 4 条已排序队列；不足 4 条时后面的可以是空 Tensor。',
			en: 'The up to four sorted lists MrgSort merges; with fewer than four the rest may be empty tensors.',
		},
		(['src1', 'src2', 'src3', 'src4'] as const).map((name, i): FieldRow => [
			name,
			'LocalTensor<T>',
			'',
			`第 ${i + 1} 条已排序队列。`,
			`Sorted list ${i + 1}.`,
		]),
		[[], ['src1', 'src2', 'src3', 'src4']],
		{ templateParams: ['T'] },
	),
	struct(
		'MrgSort4Info',
		'ascendc-math-library',
		ascendCDoc('Memory矢量计算/排序组合（ISASI）/MrgSort.md'),
		{
			zh: '基础 API MrgSort / MrgSort4 的参数：4 条队列的长度、耗尽时是否停止、有效队列和迭代次数。',
			en: 'The parameters of the basic MrgSort / MrgSort4: the four list lengths, whether to stop when one runs out, the valid lists and the repeat count.',
		},
		[
			[
				'elementLengths',
				'uint16_t[4]',
				'0',
				'4 条队列的长度（记录个数），取值范围 [0, 4095]。',
				'The four list lengths (in records), each in [0, 4095].',
			],
			[
				'ifExhaustedSuspension',
				'bool',
				'false',
				'某条队列耗尽时是否停止合并。',
				'Whether merging stops when a list runs out.',
			],
			[
				'validBit',
				'uint16_t',
				'0',
				'有效队列：3、7、15 表示前 2、3、4 条。',
				'The valid lists: 3, 7 or 15 for the first 2, 3 or 4.',
			],
			[
				'repeatTimes',
				'uint8_t',
				'1',
				'迭代次数，每次源和目的跳过 4 条队列的总长度。',
				'Repeats; each moves source and destination on by the four lists’ total length.',
			],
		],
		[[], ['elementLengths', 'ifExhaustedSuspension', 'validBit', 'repeatTimes']],
	),
	struct(
		'LayerNormConfig',
		'ascendc-math-library',
		LAYERNORM_PAGE,
		{
			zh: 'LayerNorm（[A, R] 形式）的模板配置：是否不用 β、是否不用 γ、是否只输出 y（当前只支持 false）、输出 rstd 还是方差（方差只在 Ascend 950PR/950DT 上支持）。',
			en: 'The template configuration of LayerNorm (the [A, R] form): whether β is left out, whether γ is left out, whether only y is output (only false is supported), and rstd or variance as output (variance only on Ascend 950PR/950DT).',
		},
		[
			['isNoBeta', 'bool', 'false', '为 true 时不使用 β。', 'When true, β is not used.'],
			['isNoGamma', 'bool', 'false', '为 true 时不使用 γ。', 'When true, γ is not used.'],
			[
				'isOnlyOutput',
				'bool',
				'false',
				'只输出 y、不输出 mean 与 rstd；当前仅支持 false。',
				'Output y only, without mean and rstd; only false is supported.',
			],
			[
				'isOutputRstd',
				'bool',
				'true',
				'true 输出 rstd，false 输出方差（仅 Ascend 950PR/950DT）。',
				'true outputs rstd, false the variance (Ascend 950PR/950DT only).',
			],
		],
		[['isNoBeta', 'isNoGamma', 'isOnlyOutput', 'isOutputRstd']],
	),
	struct(
		'LayerNormPara',
		'ascendc-math-library',
		LAYERNORM_PAGE,
		{
			zh: 'LayerNorm（[A, R] 形式）的形状：A 轴长度、R 轴实际长度和 32 字节对齐后的长度。',
			en: 'The shape of LayerNorm (the [A, R] form): the A extent, the real R extent and the R extent padded to 32 bytes.',
		},
		[
			['aLength', 'uint32_t', '0', 'A 轴长度（行数）。', 'The A extent (rows).'],
			['rLength', 'uint32_t', '0', 'R 轴实际处理的长度。', 'The R elements each row computes on.'],
			[
				'rLengthWithPadding',
				'uint32_t',
				'0',
				'R 轴 32 字节对齐后的长度（行距）。',
				'The R extent padded to 32 bytes (the row pitch).',
			],
		],
		[['aLength', 'rLength', 'rLengthWithPadding']],
	),
	struct(
		'SoftMaxTiling',
		'ascendc-math-library',
		ascendCContextDoc('SoftMax-Tiling使用说明'),
		{
			zh: 'SoftMax 的 tiling 结构，由 Host 侧 tiling 接口填好后传给核函数；模拟器只读取 srcM 与 srcK（未给 SoftMaxShapeInfo 时）。',
			en: 'The tiling of SoftMax, filled by the host-side tiling functions and passed to the kernel; the simulator reads only srcM and srcK (when no SoftMaxShapeInfo is given).',
		},
		[
			[
				'srcM',
				'uint32_t',
				'0',
				'源数据非尾轴长度的乘积（行数）。',
				'The product of the non-last axes (rows).',
			],
			[
				'srcK',
				'uint32_t',
				'0',
				'源数据尾轴长度（每行元素数）。',
				'The last axis (elements a row).',
			],
			[
				'srcSize',
				'uint32_t',
				'0',
				'Host 侧 tiling 算出的切分参数（模拟器不使用）。',
				'A split parameter the host tiling computes (not used by the simulator).',
			],
			[
				'outMaxM',
				'uint32_t',
				'0',
				'Host 侧 tiling 算出的切分参数（模拟器不使用）。',
				'A split parameter the host tiling computes (not used by the simulator).',
			],
			[
				'outMaxK',
				'uint32_t',
				'0',
				'Host 侧 tiling 算出的切分参数（模拟器不使用）。',
				'A split parameter the host tiling computes (not used by the simulator).',
			],
			[
				'outMaxSize',
				'uint32_t',
				'0',
				'Host 侧 tiling 算出的切分参数（模拟器不使用）。',
				'A split parameter the host tiling computes (not used by the simulator).',
			],
			[
				'splitM',
				'uint32_t',
				'0',
				'Host 侧 tiling 算出的切分参数（模拟器不使用）。',
				'A split parameter the host tiling computes (not used by the simulator).',
			],
			[
				'splitK',
				'uint32_t',
				'0',
				'Host 侧 tiling 算出的切分参数（模拟器不使用）。',
				'A split parameter the host tiling computes (not used by the simulator).',
			],
			[
				'splitSize',
				'uint32_t',
				'0',
				'Host 侧 tiling 算出的切分参数（模拟器不使用）。',
				'A split parameter the host tiling computes (not used by the simulator).',
			],
			[
				'reduceM',
				'uint32_t',
				'0',
				'Host 侧 tiling 算出的切分参数（模拟器不使用）。',
				'A split parameter the host tiling computes (not used by the simulator).',
			],
			[
				'reduceK',
				'uint32_t',
				'0',
				'Host 侧 tiling 算出的切分参数（模拟器不使用）。',
				'A split parameter the host tiling computes (not used by the simulator).',
			],
			[
				'reduceSize',
				'uint32_t',
				'0',
				'Host 侧 tiling 算出的切分参数（模拟器不使用）。',
				'A split parameter the host tiling computes (not used by the simulator).',
			],
			[
				'rangeM',
				'uint32_t',
				'0',
				'Host 侧 tiling 算出的切分参数（模拟器不使用）。',
				'A split parameter the host tiling computes (not used by the simulator).',
			],
			[
				'tailM',
				'uint32_t',
				'0',
				'Host 侧 tiling 算出的切分参数（模拟器不使用）。',
				'A split parameter the host tiling computes (not used by the simulator).',
			],
			[
				'tailSplitSize',
				'uint32_t',
				'0',
				'Host 侧 tiling 算出的切分参数（模拟器不使用）。',
				'A split parameter the host tiling computes (not used by the simulator).',
			],
			[
				'tailReduceSize',
				'uint32_t',
				'0',
				'Host 侧 tiling 算出的切分参数（模拟器不使用）。',
				'A split parameter the host tiling computes (not used by the simulator).',
			],
		],
		[
			[
				'srcM',
				'srcK',
				'srcSize',
				'outMaxM',
				'outMaxK',
				'outMaxSize',
				'splitM',
				'splitK',
				'splitSize',
				'reduceM',
				'reduceK',
				'reduceSize',
				'rangeM',
				'tailM',
				'tailSplitSize',
				'tailReduceSize',
			],
		],
		{ aliases: ['tiling::SoftMaxTiling', 'optiling::SoftMaxTiling'] },
	),
	struct(
		'SoftMaxShapeInfo',
		'ascendc-math-library',
		ascendCContextDoc('SoftMax'),
		{
			zh: 'SoftMax 源数据的形状：srcM 行、每行 srcK 个元素（尾轴须 32 字节对齐），以及补齐前的原始形状。',
			en: 'The shape of the SoftMax source: srcM rows of srcK elements (the last axis 32-byte aligned), and the original shape before padding.',
		},
		[
			['srcM', 'uint32_t', '0', '非尾轴长度的乘积。', 'The product of the non-last axes.'],
			['srcK', 'uint32_t', '0', '尾轴长度，须 32 字节对齐。', 'The last axis, 32-byte aligned.'],
			[
				'oriSrcM',
				'uint32_t',
				'0',
				'原始非尾轴长度的乘积。',
				'The original product of the non-last axes.',
			],
			[
				'oriSrcK',
				'uint32_t',
				'0',
				'原始尾轴长度（模拟器不区分补齐列）。',
				'The original last axis (the simulator does not treat padded columns apart).',
			],
		],
		[['srcM', 'srcK', 'oriSrcM', 'oriSrcK']],
	),
	{
		name: 'SoftmaxConfig',
		kind: 'macros',
		group: 'ascendc-math-library',
		values: { SOFTMAX_DEFAULT_CFG: 0 },
		doc: {
			zh: 'SoftMax 的编译期配置；模拟器只接受默认配置 SOFTMAX_DEFAULT_CFG。',
			en: 'The compile-time configuration of SoftMax; the simulator takes the default SOFTMAX_DEFAULT_CFG only.',
		},
		source: ascendCContextDoc('SoftMax'),
	},
	struct(
		'Nz2NdParamsFull',
		MOVE,
		ascendCContextDoc('随路转换NZ2ND搬运'),
		{
			zh: '随路把 NZ 分形格式转换回 ND 格式的搬运参数（UB 到 GM）。',
			en: 'The parameters of a copy that converts the NZ fractal layout back to ND on the way (UB to GM).',
		},
		[
			['ndNum', 'uint16_t', '1', 'ND 矩阵个数。', 'How many ND matrices.'],
			['nValue', 'uint16_t', '0', '每个矩阵的行数。', 'Rows of each matrix.'],
			[
				'dValue',
				'uint16_t',
				'0',
				'每个矩阵的列数（元素）。',
				'Columns of each matrix, in elements.',
			],
			[
				'srcNdMatrixStride',
				'uint16_t',
				'1',
				'源相邻 NZ 矩阵之间的距离（DataBlock）。',
				'The distance between source NZ matrices, in DataBlocks.',
			],
			[
				'srcNStride',
				'uint16_t',
				'0',
				'源 NZ 矩阵中相邻分形列之间的行数。',
				'Rows between neighbouring fractal columns of the source.',
			],
			[
				'dstDStride',
				'uint16_t',
				'0',
				'目的矩阵一行的元素个数。',
				'Elements of one destination row.',
			],
			[
				'dstNdMatrixStride',
				'uint16_t',
				'1',
				'目的相邻 ND 矩阵之间的元素个数。',
				'Elements between destination ND matrices.',
			],
		],
		[
			[
				'ndNum',
				'nValue',
				'dValue',
				'srcNdMatrixStride',
				'srcNStride',
				'dstDStride',
				'dstNdMatrixStride',
			],
		],
	),
	...(
		[
			['CacheLine', ['SINGLE_CACHE_LINE', 'ENTIRE_DATA_CACHE']],
			['DcciDst', ['CACHELINE_ALL', 'CACHELINE_UB', 'CACHELINE_OUT', 'CACHELINE_ATOMIC']],
		] as const
	).map(([name, values]) =>
		enumType(
			name,
			'ascendc-sync',
			values,
			{
				zh: 'DataCacheCleanAndInvalid 的模板参数：刷新的范围与目标（模拟器没有数据缓存，只记录调用）。',
				en: 'A template argument of DataCacheCleanAndInvalid: what to clean and where (the simulator has no data cache and only traces the call).',
			},
			ascendCContextDoc('DataCacheCleanAndInvalid'),
		),
	),
	{
		name: 'CacheMode',
		kind: 'enum',
		group: 'ascendc-global-tensor',
		base: 'int32_t',
		scoped: true,
		values: {
			CACHE_MODE_DISABLE: 0,
			CACHE_MODE_NORMAL: 1,
			CACHE_MODE_LAST: 2,
			CACHE_MODE_PERSISTENT: 4,
		},
		doc: {
			zh: 'SetL2CacheHint 的缓存方式（模拟器没有 L2 Cache）。',
			en: 'The caching SetL2CacheHint asks for (the simulator has no L2 cache).',
		},
		source: ascendCContextDoc('SetL2CacheHint'),
	},
	{
		name: 'CacheRwMode',
		kind: 'enum',
		group: 'ascendc-global-tensor',
		base: 'int32_t',
		scoped: true,
		values: { READ: 1, WRITE: 2, RW: 3 },
		doc: {
			zh: 'SetL2CacheHint 针对读、写还是读写。',
			en: 'Whether SetL2CacheHint is for reads, writes or both.',
		},
		source: ascendCContextDoc('SetL2CacheHint'),
	},
];
