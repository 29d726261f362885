import { Column, CreateDateColumn, Entity, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';
import { ApiKey } from '@app/workspace';

/** HS256 key for an API key's end-user tokens, AES-GCM sealed under SECRET_KEY; created on first use. */
@Entity('user_token_secret')
export class UserTokenSecret {
  @PrimaryColumn({ name: 'api_key_id', type: 'text' })
  apiKeyId: string;

  @OneToOne(() => ApiKey, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'api_key_id' })
  apiKey?: ApiKey;

  @Column({ name: 'secret_ciphertext', type: 'text' })
  secretCiphertext: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
