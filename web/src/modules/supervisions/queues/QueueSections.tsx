/**
 * The body shared by the two queue pages: the parked entries with their requeue and
 * the manual add (short, so first: the done table holds 200 rows a page), the entries waiting (bulk « Retirer »),
 * then the Siren / Date table of the entries processed.
 */
import { Flex } from 'antd';
import { Section } from '../Section';
import type { QueueName } from './api';
import { ParkedTable } from './ParkedTable';
import { QueueSirensForm } from './QueueSirensForm';
import { QueueTable } from './QueueTable';
import { ADD_SIRENS_TITLE, DONE_TABLE_TITLE, parkedTitle, WAITING_TABLE_TITLE } from './texts';
import { WaitingTable } from './WaitingTable';

/** Props of `QueueSections`. */
export interface QueueSectionsProps {
  queue: QueueName;
  /** Entries parked (the summary's count), undefined while it loads. */
  parked: number | undefined;
}

/** The four sections, one under another (tables `parked-{queue}`, `waiting-{queue}` and `queue-{queue}`). */
export function QueueSections({ queue, parked }: QueueSectionsProps) {
  return (
    <Flex vertical gap={16}>
      <Section title={parkedTitle(parked)} testId={`parked-section-${queue}`}>
        <ParkedTable queue={queue} />
      </Section>
      <Section title={ADD_SIRENS_TITLE}>
        <QueueSirensForm queue={queue} />
      </Section>
      <Section title={WAITING_TABLE_TITLE} testId={`waiting-section-${queue}`}>
        <WaitingTable queue={queue} />
      </Section>
      <Section title={DONE_TABLE_TITLE}>
        <QueueTable queue={queue} table="done" testId={`queue-${queue}`} />
      </Section>
    </Flex>
  );
}
