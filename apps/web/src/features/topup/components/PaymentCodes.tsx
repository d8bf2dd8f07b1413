import { Stack, Text } from '@mantine/core';
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

export function AddressBarcode({ address }: { address: string }) {
  const barcode = useRef<SVGSVGElement>(null);

  useEffect(() => {
    if (!barcode.current) return;
    try {
      JsBarcode(barcode.current, address, {
        format: 'CODE128',
        displayValue: false,
        width: 2,
        height: 70,
        margin: 12,
        background: '#ffffff',
        lineColor: '#000000',
      });
    } catch {
      // an address CODE128 cannot encode: the text and the QR code remain
    }
  }, [address]);

  return (
    <div className={classes.barFrame}>
      <svg ref={barcode} className={classes.bar} role="img" aria-label="Barcode (CODE128) of the deposit address" />
    </div>
  );
}
