import type { AdminPaymentRow } from '@posada/contracts/admin-billing';

const cell = (value: string | number | null) => {
  const text = value === null ? '' : String(value);
  return /[",;\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** The payments as CSV (UTF-8 with BOM so spreadsheets read accents): amounts in currency units, dot decimals. */
export function paymentsCsv(
  rows: AdminPaymentRow[],
  headers: string[],
  statusLabel: (s: string) => string,
): string {
  const lines = [headers.map(cell).join(',')];
  for (const r of rows) {
    lines.push(
      [
        r.occurred_at,
        r.account_name,
        r.invoice_code,
        (r.amount / 100).toFixed(2),
        r.currency,
        statusLabel(r.status),
        r.failure_message,
      ]
        .map(cell)
        .join(','),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export function downloadText(name: string, text: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
