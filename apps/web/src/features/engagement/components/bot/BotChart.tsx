import { movingAverage, type Candle } from '@svp/shared';
import { CandlestickSeries, LineSeries, type UTCTimestamp } from 'lightweight-charts';
import { useEffect } from 'react';
import { useThemedChart } from '../../../../lib/useThemedChart';

const at = (time: number) => time as UTCTimestamp;

/** The simulated candles with their 7-period moving average; loaded lazily with lightweight-charts. */
export default function BotChart({ candles }: { candles: readonly Candle[] }) {
  const { box, chart, series } = useThemedChart(260, (created) => ({
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
  }));

  useEffect(() => {
    if (!series.current) return;
    // The axis of a symbol in the thousands (BTCUSD near 64,000) needs no 4 decimals; the messages keep them.
    const precision = (candles.at(-1)?.close ?? 0) >= 1000 ? 2 : 4;
    series.current.candles.applyOptions({ priceFormat: { type: 'price', precision, minMove: 10 ** -precision } });
    series.current.candles.setData(candles.map((c) => ({ ...c, time: at(c.time) })));
    series.current.ma.setData(movingAverage(candles).map((p) => ({ ...p, time: at(p.time) })));
    chart.current?.timeScale().fitContent();
  }, [candles, chart, series]);

  return <div ref={box} style={{ width: '100%', height: 260 }} />;
}
