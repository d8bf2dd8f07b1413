import { Trans, useLingui } from '@lingui/react/macro';
import { Button, SegmentedControl, Stack, Text } from '@mantine/core';
import JsBarcode from 'jsbarcode';
import QRCode from 'qrcode';
import { useEffect, useMemo, useState } from 'react';
import classes from './PaymentCodes.module.css';

/*
 * The QR code (the address, or the EIP-681 payment request) and a CODE128 barcode of the address (SPEC §2, §9), both drawn
 * in the browser, so no third-party service sees the address. This module (with qrcode and jsbarcode) loads
 * with the payment view only.
 */

type QrChoice = 'address' | 'request';

/**
 * The QR code of the plain deposit address (the default: what an exchange shows, and what a wallet or a person
 * that takes the first address in a code must find first) or of the EIP-681 payment request, whose first
 * address is the token contract's, with the amount.
 */
export function PaymentQrCode({ paymentUri, address }: { paymentUri: string; address: string }) {
  const { t } = useLingui();
  const [choice, setChoice] = useState<QrChoice>('address');
  const [qr, setQr] = useState<string | null>(null);
  const content = choice === 'address' ? address : paymentUri;

  useEffect(() => {
    let live = true;
    QRCode.toString(content, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 })
      .then((svg) => {
        if (live) setQr(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => {
        if (live) setQr(null);
      });
    return () => {
      live = false;
    };
  }, [content]);

  return (
    <Stack gap={6} align="center">
      <SegmentedControl
        size="xs"
        value={choice}
        onChange={(value) => setChoice(value as QrChoice)}
        aria-label={t`What the QR code holds`}
        data={[
          { value: 'address', label: t`Address only` },
          { value: 'request', label: t`Payment request` },
        ]}
      />
      <div className={classes.qrFrame}>
        {qr ? (
          <img
            src={qr}
            className={classes.qr}
            data-qr={choice}
            alt={
              choice === 'address'
                ? t`QR code of the deposit address`
                : t`QR code of the payment request (token contract, deposit address and amount)`
            }
          />
        ) : (
          <div className={classes.qr} aria-hidden="true" />
        )}
      </div>
      <Text fz="xs" c="dimmed" ta="center" maw={240}>
        {choice === 'address' ? (
          <Trans>Scan with your wallet or exchange, then enter the amount to pay.</Trans>
        ) : (
          <Trans>For wallets that read payment requests (EIP-681): it fills in the token and the amount.</Trans>
        )}
      </Text>
    </Stack>
  );
}

/** The address's CODE128 bar pattern, one character per module ("1" a bar), without the quiet zones. */
function barPattern(address: string): string | null {
  try {
    const data: { encodings?: { data: string }[] } = {};
    JsBarcode(data, address, { format: 'CODE128' });
    return data.encodings?.map((e) => e.data).join('') ?? null;
  } catch {
    // an address CODE128 cannot encode: the text and the QR code remain
    return null;
  }
}

const QUIET = 12;

/** The bars' runs: where each starts and how many modules wide it is. */
function runs(pattern: string): { at: number; width: number }[] {
  const found: { at: number; width: number }[] = [];
  for (let i = 0; i < pattern.length; i += 1) {
    if (pattern[i] !== '1') continue;
    const last = found.at(-1);
    if (last && last.at + last.width === i) last.width += 1;
    else found.push({ at: i, width: 1 });
  }
  return found;
}

/**
 * The barcode drawn for a scanner: each module a whole number of pixels, edges crisp, on white with quiet zones.
 * `upright` runs it down the screen (bars across), so a phone shows all of its 500-odd modules at two device pixels each with
 * nothing scaled: a scaled barcode's blurred edges are what a scanner cannot read.
 */
function Barcode({
  address,
  upright,
  module,
  length,
}: {
  address: string;
  upright: boolean;
  module: number;
  length: number;
}) {
  const { t } = useLingui();
  const pattern = useMemo(() => barPattern(address), [address]);
  if (!pattern) return null;
  const span = (pattern.length + 2 * QUIET) * module;
  const bars = runs(pattern).map(({ at, width }) => {
    const offset = (at + QUIET) * module;
    return upright ? (
      <rect key={at} x={0} y={offset} width={length} height={width * module} />
    ) : (
      <rect key={at} x={offset} y={0} width={width * module} height={length} />
    );
  });
  const [w, h] = upright ? [length, span] : [span, length];
  return (
    <svg
      width={upright ? w : undefined}
      height={upright ? h : undefined}
      viewBox={`0 0 ${w} ${h}`}
      className={upright ? classes.barUpright : classes.bar}
      shapeRendering="crispEdges"
      role="img"
      aria-label={t`Barcode (CODE128) of the deposit address`}
    >
      <rect width={w} height={h} fill="#ffffff" />
      <g fill="#000000">{bars}</g>
    </svg>
  );
}

/**
 * CSS pixels per module down a phone's screen: a scanner needs two device pixels per module (zbar reads none at
 * one), which one CSS pixel gives on a phone's 2× or 3× screen; a 1× screen draws two.
 */
function phoneModule(): number {
  return window.devicePixelRatio >= 2 ? 1 : 2;
}

/**
 * The address's CODE128 barcode at a size a scanner reads. A 42-character address is about 500 bar modules long:
 * where its box is at least 700 px wide it is drawn inline across; a narrower box (a phone) offers it behind
 * "Show barcode", drawn down the page at two device pixels per module, readable as it is (no full-screen dialog, no rotation).
 */
export function AddressBarcode({ address }: { address: string }) {
  const [opened, setOpened] = useState(false);
  return (
    <div className={classes.barArea}>
      <div className={classes.barInline}>
        <div className={classes.barFrame}>
          <Barcode address={address} upright={false} module={2} length={120} />
        </div>
      </div>
      <div className={classes.barButton}>
        <Button variant="default" onClick={() => setOpened((o) => !o)} aria-expanded={opened}>
          {opened ? <Trans>Hide barcode</Trans> : <Trans>Show barcode</Trans>}
        </Button>
        {opened && (
          <div className={classes.barStage}>
            <Barcode address={address} upright module={phoneModule()} length={160} />
          </div>
        )}
      </div>
    </div>
  );
}
