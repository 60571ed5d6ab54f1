import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** Millimetres per PDF point (1/72 inch). */
const MM_PER_POINT = 25.4 / 72;

/** A page of a printed PDF: its size in millimetres and its text, as a reader would extract it. */
export interface PdfPage {
  widthMm: number;
  heightMm: number;
  text: string;
}

/** The pages of a PDF (page.pdf's bytes), read by PDF.js: what the printed file holds, not the HTML. */
export async function readPdf(bytes: Uint8Array): Promise<PdfPage[]> {
  const document = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  const pages: PdfPage[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    const [x0, y0, x1, y1] = page.view;
    const content = await page.getTextContent();
    const text = content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
    pages.push({ widthMm: (x1 - x0) * MM_PER_POINT, heightMm: (y1 - y0) * MM_PER_POINT, text: text.replace(/\s+/g, ' ') });
  }
  await document.destroy();
  return pages;
}
