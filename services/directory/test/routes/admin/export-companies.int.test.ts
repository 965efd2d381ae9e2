import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { adminCreate, call, sharedHarness, sharedUser, startDirectory } from '../../support.js';

const h = sharedHarness(() => startDirectory());
const admin = sharedUser(h, 'admin');

describe('GET /api/admin/export-companies', () => {
  it('answers an .xlsx with a dated file name, one row per company, formula-like cells escaped', async () => {
    await adminCreate(h, admin, { name: '=HYPERLINK("http://evil.example","click")', description: '+SUM(A1:A2)', phone: '-1' });
    const total = (await call(h, 'GET', '/api/admin/companies?limit=1', admin)).json().totalCount as number;
    const res = await call(h, 'GET', '/api/admin/export-companies', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="companies-export-${new Date().toISOString().slice(0, 10)}.xlsx"`,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Companies')!;
    expect(sheet.rowCount).toBe(total + 1);
    expect(sheet.getRow(1).getCell(2).value).toBe('Name');
    const names: unknown[] = [];
    sheet.eachRow((row, n) => n > 1 && names.push(row.getCell(2).value));
    expect(names).toContain('\'=HYPERLINK("http://evil.example","click")');
    sheet.eachRow((row) => row.eachCell((cell) => expect(cell.formula).toBeUndefined()));
  });
});
