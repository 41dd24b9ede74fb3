/** Why a print master could not be made: the code the order records and the cart page shows. */
export type PrintErrorCode =
  | 'MISSING_PHOTO'
  | 'BAD_PHOTO'
  | 'BAD_ARTWORK'
  | 'TOO_LARGE'
  | 'ENCODE_FAILED'
  | 'WORKER_FAILED'
  | 'QUEUE_CLOSED'
  /** Past its time bound (printBounds.ts): its tile threads were stopped. */
  | 'PRINT_TIMEOUT'
  /** Its plan asks more memory than the bound, even in one tile (printBounds.ts). */
  | 'PRINT_TOO_HEAVY'
  | 'FAILED';

export class PrintError extends Error {
  constructor(
    readonly code: PrintErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'PrintError';
  }
}
