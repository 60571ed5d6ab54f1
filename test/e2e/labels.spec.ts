import { BarcodeFormat, BinaryBitmap, DecodeHintType, HybridBinarizer, MultiFormatReader, RGBLuminanceSource } from '@zxing/library';
import { expect, test, type Locator, type Page } from './support/test';
import { must } from './support/browser-host';
import { readPdf } from './support/pdf';
import { expectAccessible, saveScreenshot, selectField } from './support/screens';
import { useShop } from './support/shop';

const shop = useShop('Dogs', 'Fish');

/** Rex and Bella with SKUs and prices, Nemo with neither. */
async function pets() {
  const create = (input: object) => must(shop.host.call<{ id: number; name: string }>('pets.create', input));
  const rex = await create({ name: 'Rex', categoryId: shop.categoryId('Dogs'), price: 49_900, sku: 'DOG-REX-0042' });
  const bella = await create({ name: 'Bella', categoryId: shop.categoryId('Dogs'), price: 1_999, sku: 'bella 7' });
  const nemo = await create({ name: 'Nemo', categoryId: shop.categoryId('Fish') });
  return { rex, bella, nemo };
}

/**
 * The barcode as a scanner sees it: the label's SVG drawn on a canvas (3× its size on screen), grey
 * levels sent back, and decoded by ZXing as Code 128, independently of the library that drew it.
 */
async function scan(barcode: Locator): Promise<string> {
  const image = await barcode.evaluate(async (svg) => {
    const box = svg.getBoundingClientRect();
    const [width, height] = [Math.round(box.width * 3), Math.round(box.height * 3)];
    const source = new Image();
    source.src = `data:image/svg+xml;base64,${btoa(new XMLSerializer().serializeToString(svg))}`;
    await source.decode();
    const canvas = Object.assign(document.createElement('canvas'), { width, height });
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
    context.drawImage(source, 0, 0, width, height);
    const { data } = context.getImageData(0, 0, width, height);
    const grey: number[] = [];
    for (let i = 0; i < data.length; i += 4) grey.push(Math.round((data[i] + data[i + 1] + data[i + 2]) / 3));
    return { width, height, grey };
  });
  const reader = new MultiFormatReader();
  reader.setHints(new Map<DecodeHintType, unknown>([[DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128]], [DecodeHintType.TRY_HARDER, true]]));
  const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(Uint8ClampedArray.from(image.grey), image.width, image.height)));
  const result = reader.decode(bitmap);
  expect(result.getBarcodeFormat()).toBe(BarcodeFormat.CODE_128);
  return result.getText();
}

const label = (page: Page, name: string) => page.locator('.label').filter({ has: page.locator('.label__name', { hasText: name }) });

test('labels for pets named in the address: name, price, a Code 128 barcode that scans as the SKU; a pet without SKU is said', async ({ page }) => {
  const { rex, bella, nemo } = await pets();
  await page.goto(`${shop.host.url}#/labels?pets=${rex.id},${bella.id},${nemo.id}`);
  await expect(page.getByRole('heading', { name: 'Labels' })).toBeVisible();
  await expect(page.locator('.label')).toHaveCount(3);
  await expect(label(page, 'Rex')).toContainText('€499.00');
  await expect(label(page, 'Bella')).toContainText('€19.99');
  await expect(label(page, 'Nemo')).toContainText('No price');
  await expect(label(page, 'Nemo')).toContainText('No SKU: no barcode');
  await expect(page.getByText('No SKU, so no barcode on the label: Nemo. Give them one in Pets.')).toBeVisible();

  expect(await scan(label(page, 'Rex').getByRole('img', { name: 'Barcode of SKU DOG-REX-0042' }))).toBe('DOG-REX-0042');
  expect(await scan(label(page, 'Bella').getByRole('img', { name: 'Barcode of SKU bella 7' }))).toBe('bella 7');

  await expectAccessible(page, 'labels');
  await saveScreenshot(page, 'labels');
});

test('printed as a PDF: A4 sheets of the chosen size, only the labels, each name and price in the text', async ({ page }) => {
  const { rex, bella, nemo } = await pets();
  const many: number[] = [];
  for (let i = 1; i <= 22; i++) many.push((await must(shop.host.call<{ id: number }>('pets.create', { name: `Guppy ${i}`, categoryId: shop.categoryId('Fish'), price: 99, sku: `FISH-${i}` }))).id);
  await page.goto(`${shop.host.url}#/labels?pets=${[rex.id, bella.id, nemo.id, ...many].join(',')}`);
  await expect(page.locator('.label')).toHaveCount(25);

  // Shelf labels: 24 to a sheet, so 25 take two A4 pages.
  let sheets = await readPdf(await page.pdf({ preferCSSPageSize: true }));
  expect(sheets).toHaveLength(2);
  for (const sheet of sheets) {
    expect(sheet.widthMm).toBeCloseTo(210, 0);
    expect(sheet.heightMm).toBeCloseTo(297, 0);
  }
  const text = sheets.map((sheet) => sheet.text).join(' ');
  for (const expected of ['Rex', '€499.00', 'DOG-REX-0042', 'Bella', '€19.99', 'Nemo', 'No SKU: no barcode', 'Guppy 22']) expect(text).toContain(expected);
  for (const unwanted of ['Labels', 'Print labels', 'Remove', 'Pet Store Clerk']) expect(text).not.toContain(unwanted);
  expect(sheets[1].text).toContain('Guppy 22');

  // Cage labels: 8 to a sheet (four pages), chosen by keyboard.
  await page.getByRole('radio', { name: 'Shelf labels, 70 × 37 mm' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Cage labels, 105 × 74 mm' })).toBeChecked();
  sheets = await readPdf(await page.pdf({ preferCSSPageSize: true }));
  expect(sheets).toHaveLength(4);
});

test('pets are added with the picker and removed by keyboard; the address keeps them; a pet gone is said', async ({ page }) => {
  const { rex, bella } = await pets();
  await page.goto(`${shop.host.url}#/labels`);
  await expect(page.getByText('No pets chosen yet')).toBeVisible();
  const picker = page.getByRole('combobox', { name: 'Add a pet' });
  for (const name of ['Rex', 'Bella']) {
    await selectField(page, 'Add a pet').fill(name);
    await expect(picker).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('option', { name: new RegExp(`^${name} \\(#`) }).click();
    await expect(picker).toHaveAttribute('aria-expanded', 'false');
    await expect(label(page, name)).toBeVisible();
  }
  await expect(page).toHaveURL(new RegExp(`pets=${rex.id}%2C${bella.id}|pets=${rex.id},${bella.id}`));
  await page.getByRole('button', { name: "Remove Rex's label" }).focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('.label')).toHaveCount(1);
  await expect(page.getByRole('button', { name: "Remove Bella's label" })).toBeFocused();

  await must(shop.host.call('pets.delete', { petId: bella.id }));
  await page.goto(`${shop.host.url}#/labels?pets=${bella.id}`);
  await expect(page.getByText(`Pet ${bella.id} no longer exists: no label.`)).toBeVisible();
});

test('at 900 px the labels wrap within the window', async ({ page }) => {
  await page.setViewportSize({ width: 900, height: 800 });
  const { rex, bella, nemo } = await pets();
  await page.goto(`${shop.host.url}#/labels?pets=${rex.id},${bella.id},${nemo.id}`);
  await expect(page.locator('.label')).toHaveCount(3);
  const mainRight = await page.locator('main').evaluate((main) => main.getBoundingClientRect().right);
  for (const box of await page.locator('.label').evaluateAll((labels) => labels.map((label) => label.getBoundingClientRect().right))) {
    expect(box).toBeLessThanOrEqual(mainRight + 1);
  }
  await expect(page.getByRole('button', { name: 'Print labels' })).toBeInViewport();
});
