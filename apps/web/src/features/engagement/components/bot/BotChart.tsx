import { useComputedColorScheme } from '@mantine/core';
import { movingAverage, type Candle } from '@svp/shared';
import {
  CandlestickSeries,
  ColorType,
  createChart,
  LineSeries,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { tickMarkFormatter } from '../../../../lib/charts';

const at = (time: number) => time as UTCTimestamp;

/** The simulated candles with their 7-period moving average; loaded lazily with lightweight-charts. */
export default function BotChart({ candles }: { candles: readonly Candle[] }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<{ candles: ISeriesApi<'Candlestick'>; ma: ISeriesApi<'Line'> } | null>(null);
  const scheme = useComputedColorScheme('light');

  useEffect(() => {
    if (!box.current) return;
    const created = createChart(box.current, {
      autoSize: true,
      height: 260,
      // A picture of the simulation, not a trading tool: no panning or zooming (a finger on a phone
      // scrolls the page), all candles always in view and the edge time labels kept inside the box.
      handleScroll: false,
      handleScale: false,
      timeScale: { fixLeftEdge: true, fixRightEdge: true, timeVisible: true, secondsVisible: true, tickMarkFormatter },
    });
    chart.current = created;
    series.current = {
      candles: created.addSeries(CandlestickSeries, {
        upColor: '#2f9e44',
        downColor: '#e03131',
        wickUpColor: '#2f9e44',
        wickDownColor: '#e03131',
        borderVisible: false,
        priceFormat: { type: 'price', precision: 4, minMove: 0.0001 },
      }),
      ma: created.addSeries(LineSeries, {
        color: '#f08c00',
        lineWidth: 2,
        priceLineVisible: false,
        lastValueVisible: false,
      }),
    };
    return () => {
      created.remove();
      chart.current = null;
      series.current = null;
    };
  }, []);

  useEffect(() => {
    const dark = scheme === 'dark';
    chart.current?.applyOptions({
      layout: {
        background: { type: ColorType.Solid, color: 'transparent' },
        textColor: dark ? '#c9c9c9' : '#333333',
      },
      grid: {
        vertLines: { color: dark ? '#2c2e33' : '#eeeeee' },
        horzLines: { color: dark ? '#2c2e33' : '#eeeeee' },
      },
      // entireTextOnly: no half-cut price label at the top or bottom edge.
      rightPriceScale: { borderColor: dark ? '#5c5f66' : '#ced4da', entireTextOnly: true },
      timeScale: { borderColor: dark ? '#5c5f66' : '#ced4da' },
    });
  }, [scheme]);

  useEffect(() => {
    if (!series.current) return;
    // The axis of a symbol in the thousands (BTCUSD near 64,000) needs no 4 decimals; the messages keep them.
    const precision = (candles.at(-1)?.close ?? 0) >= 1000 ? 2 : 4;
    series.current.candles.applyOptions({ priceFormat: { type: 'price', precision, minMove: 10 ** -precision } });
    series.current.candles.setData(candles.map((c) => ({ ...c, time: at(c.time) })));
    series.current.ma.setData(movingAverage(candles).map((p) => ({ ...p, time: at(p.time) })));
    chart.current?.timeScale().fitContent();
  }, [candles]);

  return <div ref={box} style={{ width: '100%', height: 260 }} />;
}
