import { Button, Modal, Stack, Text } from '@mantine/core';
import JsBarcode from 'jsbarcode';
import QRCode from 'qrcode';
import { useEffect, useRef, useState } from 'react';
import classes from './PaymentCodes.module.css';

/*
 * The QR code of the EIP-681 payment request and a CODE128 barcode of the address (SPEC §2, §9), both drawn
 * in the browser, so no third-party service sees the address. This module (with qrcode and jsbarcode) loads
 * with the payment view only.
 */

export function PaymentQrCode({ paymentUri }: { paymentUri: string }) {
  const [qr, setQr] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    QRCode.toString(paymentUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })
      .then((svg) => {
        if (live) setQr(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => {
        if (live) setQr(null);
      });
    return () => {
      live = false;
    };
  }, [paymentUri]);

  return (
    <Stack gap={6} align="center">
      <div className={classes.qrFrame}>
        {qr ? (
          <img src={qr} className={classes.qr} alt="QR code of the payment request (address and amount to pay)" />
        ) : (
          <div className={classes.qr} aria-hidden="true" />
        )}
      </div>
      <Text fz="xs" c="dimmed" ta="center">
        Scan with your wallet app
      </Text>
    </Stack>
  );
}

/** The CODE128 barcode of the address, drawn at `height` px per 2 px bar module (scaled by its box). */
function Barcode({ address, height, className }: { address: string; height: number; className?: string }) {
  const barcode = useRef<SVGSVGElement>(null);

  useEffect(() => {
    if (!barcode.current) return;
    try {
      JsBarcode(barcode.current, address, {
        format: 'CODE128',
        displayValue: false,
        width: 2,
        height,
        margin: 12,
        background: '#ffffff',
        lineColor: '#000000',
      });
    } catch {
      // an address CODE128 cannot encode: the text and the QR code remain
    }
  }, [address, height]);

  return <svg ref={barcode} className={className} role="img" aria-label="Barcode (CODE128) of the deposit address" />;
}

/**
 * The address's CODE128 barcode at a size a scanner reads (a phone squeezed it to 299 × 30 px). A
 * 42-character address is about 500 bar modules long, so it is drawn inline only where its box is at least
 * 700 px wide; a narrower box (a phone, a tablet beside the sidebar) offers it in a full-screen dialog
 * instead, turned along the screen's length when the screen stands upright.
 */
export function AddressBarcode({ address }: { address: string }) {
  const [opened, setOpened] = useState(false);
  return (
    <div className={classes.barArea}>
      <div className={classes.barInline}>
        <div className={classes.barFrame}>
          <Barcode address={address} height={70} className={classes.bar} />
        </div>
      </div>
      <div className={classes.barButton}>
        <Button variant="default" onClick={() => setOpened(true)}>
          Show barcode
        </Button>
      </div>
      <Modal opened={opened} onClose={() => setOpened(false)} fullScreen title="Barcode of the deposit address">
        <Text fz="sm" c="dimmed" mb="sm">
          Scan it from this screen with the device you pay from. The QR code above holds the same address and the
          amount.
        </Text>
        <div className={classes.barStage}>
          <Barcode address={address} height={180} className={classes.barLarge} />
        </div>
      </Modal>
    </div>
  );
}
