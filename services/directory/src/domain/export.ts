import ExcelJS from 'exceljs';
import { serviceLabel, vehicleTypeLabel } from '@limo/contracts';
import type { CompanyDoc } from './company.js';

/**
 * A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, carriage return first) gets
 * a leading apostrophe, so an exported listing can never execute anything on the admin's machine.
 */
export function escapeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

const COLUMNS: Array<{ header: string; width: number; value: (c: CompanyDoc) => string | number | boolean | null }> = [
  { header: 'ID', width: 38, value: (c) => c._id },
  { header: 'Name', width: 34, value: (c) => c.name },
  { header: 'Phone', width: 16, value: (c) => c.phone },
  { header: 'Email', width: 30, value: (c) => c.email },
  { header: 'Business Email', width: 30, value: (c) => c.businessEmail },
  { header: 'Website', width: 30, value: (c) => c.website },
  { header: 'Address', width: 30, value: (c) => c.address },
  { header: 'City', width: 16, value: (c) => c.city },
  { header: 'State', width: 7, value: (c) => c.state },
  { header: 'ZIP', width: 8, value: (c) => c.zipCode },
  { header: 'Latitude', width: 11, value: (c) => c.latitude },
  { header: 'Longitude', width: 11, value: (c) => c.longitude },
  { header: 'Price Range', width: 11, value: (c) => c.priceRange },
  { header: 'Hourly Rate From', width: 10, value: (c) => c.hourlyRateStart },
  { header: 'Services', width: 40, value: (c) => c.services.map(serviceLabel).join(', ') },
  { header: 'Vehicle Types', width: 40, value: (c) => c.vehicleTypes.map(vehicleTypeLabel).join(', ') },
  { header: 'Featured', width: 9, value: (c) => c.featured },
  { header: 'Verified', width: 9, value: (c) => c.verified },
  { header: 'Suspended', width: 10, value: (c) => c.suspendedAt !== null },
  { header: 'Claimed', width: 9, value: (c) => c.claimed },
  { header: 'Business Verified', width: 10, value: (c) => c.businessVerified },
  { header: 'Rating', width: 8, value: (c) => c.rating },
  { header: 'Reviews', width: 8, value: (c) => c.reviewCount },
  { header: 'Owner User ID', width: 38, value: (c) => c.userId },
  { header: 'Description', width: 60, value: (c) => c.description },
  { header: 'Created At', width: 22, value: (c) => c.createdAt },
  { header: 'Updated At', width: 22, value: (c) => c.updatedAt },
];

/** The export spreadsheet: one sheet, a header row, then one row per company. */
export async function companiesWorkbook(companies: readonly CompanyDoc[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'LimoDirectory';
  const sheet = workbook.addWorksheet('Companies', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = COLUMNS.map((c) => ({ header: c.header, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  for (const company of companies) {
    sheet.addRow(
      COLUMNS.map((c) => {
        const value = c.value(company);
        return typeof value === 'string' ? escapeCell(value) : value;
      }),
    );
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** `companies-export-2025-01-31.xlsx`. */
export const exportFileName = (now: Date): string => `companies-export-${now.toISOString().slice(0, 10)}.xlsx`;
