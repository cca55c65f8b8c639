/**
 * Just enough of protobuf and ONNX's `onnx.proto` to write small models by hand: the field
 * numbers below are ONNX's (ModelProto, GraphProto, NodeProto, TensorProto, ValueInfoProto).
 */

type Field = Uint8Array;

function varint(value: number | bigint): number[] {
  let rest = BigInt.asUintN(64, BigInt(value));
  const bytes: number[] = [];
  do {
    let byte = Number(rest & 0x7fn);
    rest >>= 7n;
    if (rest !== 0n) byte |= 0x80;
    bytes.push(byte);
  } while (rest !== 0n);
  return bytes;
}

function concat(parts: readonly Field[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** A varint field (int32, int64, enum). */
export function intField(number: number, value: number | bigint): Field {
  return Uint8Array.from([...varint(number << 3), ...varint(value)]);
}

/** A length-delimited field: bytes, a string or an embedded message. */
export function bytesField(number: number, value: Uint8Array | string): Field {
  const bytes = typeof value === 'string' ? new TextEncoder().encode(value) : value;
  return concat([Uint8Array.from([...varint((number << 3) | 2), ...varint(bytes.length)]), bytes]);
}

export function message(...fields: readonly Field[]): Uint8Array {
  return concat(fields);
}

export const TENSOR_FLOAT = 1;
export const TENSOR_INT64 = 7;

/** ValueInfoProto of a tensor; string dims are symbolic (`batch`), numbers fixed. */
export function tensorInfo(
  name: string,
  elementType: number,
  dims: ReadonlyArray<string | number>,
): Uint8Array {
  const shape = message(
    ...dims.map((dim) =>
      bytesField(
        1,
        typeof dim === 'string' ? message(bytesField(2, dim)) : message(intField(1, dim)),
      ),
    ),
  );
  const tensorType = message(intField(1, elementType), bytesField(2, shape));
  return message(bytesField(1, name), bytesField(2, message(bytesField(1, tensorType))));
}

/** TensorProto holding float32 or int64 values as little-endian raw data. */
export function tensor(
  name: string,
  elementType: typeof TENSOR_FLOAT | typeof TENSOR_INT64,
  dims: readonly number[],
  values: readonly number[],
): Uint8Array {
  const raw =
    elementType === TENSOR_FLOAT
      ? new Uint8Array(Float32Array.from(values).buffer)
      : new Uint8Array(BigInt64Array.from(values.map((value) => BigInt(value))).buffer);
  return message(
    ...dims.map((dim) => intField(1, dim)),
    intField(2, elementType),
    bytesField(8, name),
    bytesField(9, raw),
  );
}

export interface NodeAttribute {
  name: string;
  int?: number;
  ints?: readonly number[];
}

/** NodeProto: `opType(inputs) → outputs`, with int / ints attributes. */
export function node(
  opType: string,
  inputs: readonly string[],
  outputs: readonly string[],
  attributes: readonly NodeAttribute[] = [],
): Uint8Array {
  const encoded = attributes.map((attribute) =>
    attribute.ints
      ? message(
          bytesField(1, attribute.name),
          ...attribute.ints.map((value) => intField(8, value)),
          intField(20, 7),
        )
      : message(bytesField(1, attribute.name), intField(3, attribute.int ?? 0), intField(20, 2)),
  );
  return message(
    ...inputs.map((input) => bytesField(1, input)),
    ...outputs.map((output) => bytesField(2, output)),
    bytesField(3, `${opType}_${outputs[0]}`),
    bytesField(4, opType),
    ...encoded.map((attribute) => bytesField(5, attribute)),
  );
}

/** ModelProto (IR version 8, default-domain opset 17) around one graph. */
export function model(graph: {
  name: string;
  nodes: readonly Uint8Array[];
  initializers: readonly Uint8Array[];
  inputs: readonly Uint8Array[];
  outputs: readonly Uint8Array[];
}): Uint8Array {
  const graphProto = message(
    ...graph.nodes.map((item) => bytesField(1, item)),
    bytesField(2, graph.name),
    ...graph.initializers.map((item) => bytesField(5, item)),
    ...graph.inputs.map((item) => bytesField(11, item)),
    ...graph.outputs.map((item) => bytesField(12, item)),
  );
  const opset = message(bytesField(1, ''), intField(2, 17));
  return message(
    intField(1, 8),
    bytesField(2, 'arsenal-testkit'),
    bytesField(7, graphProto),
    bytesField(8, opset),
  );
}
