declare module 'radius' {
  const radius: {
    add_dictionary(path: string): void;
    decode(args: { packet: Buffer; secret: string }): unknown;
    decode_without_secret(args: { packet: Buffer }): unknown;
    encode(args: {
      code: string;
      secret: string;
      identifier?: number;
      authenticator?: Buffer;
      attributes?: unknown;
      add_message_authenticator?: boolean;
    }): Buffer;
  };
  export default radius;
}
