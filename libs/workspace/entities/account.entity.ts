import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** The owner behind one or more workspaces, identified by e-mail. */
@Entity('account')
export class Account {
  @PrimaryColumn({ type: 'text' })
  id: string;

  @Column({ type: 'text', unique: true })
  email: string;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text', default: '' })
  avatar: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
