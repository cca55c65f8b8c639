import { describe, expect, it } from 'vitest';
import { stem } from './stemmer.js';
import { analyze, splitIdentifier } from './tokenize.js';

describe('text analysis', () => {
  it('conflates common inflections', () => {
    for (const [a, b] of [
      ['booking', 'bookings'],
      ['booked', 'book'],
      ['translation', 'translate'],
      ['translator', 'translate'],
      ['queries', 'query'],
      ['files', 'file'],
      ['running', 'run'],
      ['creation', 'created'],
    ]) {
      expect(stem(a!), `${a} ~ ${b}`).toBe(stem(b!));
    }
    expect(stem('pass')).toBe('pass');
    expect(stem('bus')).toBe('bus');
  });

  it('splits identifiers and drops stop words', () => {
    expect(splitIdentifier('getHTTPResponseCode_v2')).toEqual([
      'get',
      'http',
      'response',
      'code',
      'v',
      '2',
    ]);
    expect(analyze('What is the weather in New York?')).toEqual(['weath', 'new', 'york']);
    expect(analyze('the of', { keepStopWords: true })).toEqual(['the', 'of']);
  });

  it('keeps a word written in mixed case or with digits whole as well as split', () => {
    expect(analyze('MySQL')).toEqual(['sql', 'mysql']);
    expect(analyze('EC2 instances')).toEqual(['ec', '2', 'ec2', 'instanc']);
    // Long identifiers are not kept whole: nobody writes them as one word in a request.
    expect(analyze('getHTTPResponseCode')).toEqual(['get', 'http', 'respons', 'cod']);
  });

  it('indexes scripts written without spaces as character pairs', () => {
    expect(analyze('获取城市天气预报')).toEqual([
      '获取',
      '取城',
      '城市',
      '市天',
      '天气',
      '气预',
      '预报',
    ]);
    expect(analyze('天気予報を取得')).toEqual(['天気', '気予', '予報', '報を', 'を取', '取得']);
    expect(analyze('ラーメン')).toEqual(['ラー', 'ーメ', 'メン']);
    // A lone character stands for itself; Latin words around and inside a run keep their analysis.
    expect(analyze('Send 猫 photos')).toEqual(['send', '猫', 'photo']);
    expect(analyze('Bookings用の')).toEqual(['book', '用の']);
  });

  it('analyses ASCII words the same whether the text is all ASCII or not, and again from its cache', () => {
    const ascii = 'Get the userId of a GitHub repo_owner (EC2, v2)';
    // A character of another script sends the whole text down the Unicode path.
    expect(analyze(`${ascii} 猫`)).toEqual([...analyze(ascii), '猫']);
    expect(analyze(ascii)).toEqual(analyze(ascii));
    expect(analyze(ascii)).toContain('userid');
    expect(analyze(ascii)).toContain('ec2');
    expect(analyze('the of', { keepStopWords: true })).toEqual(['the', 'of']);
    expect(analyze('the of')).toEqual([]);
    expect(analyze('snake_case-and.dots 猫')).toEqual([...analyze('snake_case-and.dots'), '猫']);
    expect(analyze(ascii).length).toBeGreaterThan(8);
  });
});
