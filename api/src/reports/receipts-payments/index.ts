import type { ReportDefinition } from '../definition.js';
import { bankingRegister } from './banking-register.js';
import { paymentRegister } from './payment-register.js';
import { receiptAllocation } from './receipt-allocation.js';
import { receiptRegister } from './receipt-register.js';
import { receiptReversals } from './receipt-reversals.js';
import { receiptsReprint } from './receipts.js';

/** The report definitions of this tab (contracts/reports.ts REPORTS). */
export const definitions: ReportDefinition[] = [bankingRegister, receiptRegister, receiptAllocation, receiptsReprint, paymentRegister, receiptReversals];
