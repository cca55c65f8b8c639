import { describe, expect, it } from 'vitest';
import { createArsenal } from '../arsenal/arsenal.js';

describe('retrieval in any script', () => {
  it('finds tools described in Chinese and Japanese from requests in those languages', async () => {
    const arsenal = createArsenal();
    await arsenal.register([
      { name: 'weather_cn', description: '获取指定城市的天气预报和气温。' },
      { name: 'stock_cn', description: '查询股票的实时价格和涨跌幅。' },
      { name: 'translate_cn', description: '把一段文字翻译成另一种语言。' },
      { name: 'weather_ja', description: '指定した都市の天気予報を取得します。' },
      { name: 'train_ja', description: '電車の乗り換え案内と時刻表を検索します。' },
      { name: 'weather_en', description: 'Get the weather forecast for a city.' },
    ]);
    const top = async (query: string) => (await arsenal.retrieve(query)).tools[0]?.tool.name;
    expect(await top('北京明天的天气预报')).toBe('weather_cn');
    expect(await top('帮我查一下股票价格')).toBe('stock_cn');
    expect(await top('翻译这段文字')).toBe('translate_cn');
    expect(await top('東京の天気予報を教えて')).toBe('weather_ja');
    expect(await top('新宿までの乗り換え案内')).toBe('train_ja');
    expect(await top('weather forecast for Paris')).toBe('weather_en');
  });

  it('matches a term in another script inside a text', async () => {
    const arsenal = createArsenal();
    await arsenal.register([
      { name: 'slack_post', description: '发送消息到 Slack 频道。' },
      { name: 'mail_send', description: '发送电子邮件给联系人。' },
    ]);
    const result = await arsenal.retrieve('在Slack发送消息');
    expect(result.tools[0]?.tool.name).toBe('slack_post');
  });
});
