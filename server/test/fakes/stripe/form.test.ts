import { describe, expect, it } from 'vitest';
import { parseForm } from './form.ts';

describe("Stripe's form encoding", () => {
  it('reads bracket notation into nested objects and arrays, indexed or appended', () => {
    const body =
      'customer=cus_1&items[0][price]=price_a&items[0][quantity]=2&items[1][price]=price_b' +
      '&expand[]=latest_invoice&expand[]=items.data.price.product&metadata[account_id]=5&metadata[0]=zero' +
      '&trial_settings[end_behavior][missing_payment_method]=cancel&lookup_keys[0]=a&lookup_keys[1]=b&description=';
    expect(parseForm(body)).toEqual({
      customer: 'cus_1',
      items: [{ price: 'price_a', quantity: '2' }, { price: 'price_b' }],
      expand: ['latest_invoice', 'items.data.price.product'],
      metadata: { account_id: '5', 0: 'zero' },
      trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
      lookup_keys: ['a', 'b'],
      description: '',
    });
  });

  it('decodes what the SDK encodes, brackets escaped or not', () => {
    expect(
      parseForm('name=Caf%C3%A9+%26+Bar&address%5Bcity%5D=M%C3%A1laga&items%5B10%5D%5Bprice%5D=p10&items%5B2%5D%5Bprice%5D=p2'),
    ).toEqual({
      name: 'Café & Bar',
      address: { city: 'Málaga' },
      items: [{ price: 'p2' }, { price: 'p10' }],
    });
  });
});
