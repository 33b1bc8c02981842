/**
 * The user agreement shown at /legal and accepted once per version. Changing the text means a new
 * version, which every user accepts again.
 */
export const CURRENT_AGREEMENT_VERSION = '2026-11-21';

export interface AgreementSection {
  heading: string;
  paragraphs: string[];
}

export const USER_AGREEMENT: { title: string; updated: string; sections: AgreementSection[] } = {
  title: 'Tracklane user agreement',
  updated: '21/11/2026',
  sections: [
    {
      heading: '1. What Tracklane is',
      paragraphs: [
        'Tracklane is software that tracks ocean container and express parcel shipments for the organization that runs it. The organization that operates this installation ("the operator") decides who may use it and is responsible for it.',
      ],
    },
    {
      heading: '2. Your account',
      paragraphs: [
        'You sign in with your e-mail address and a password. Keep your password to yourself; you are responsible for what is done with your account. Tell the operator at once if you think someone else has used it.',
        'The operator may suspend or remove accounts that break this agreement or the law.',
      ],
    },
    {
      heading: '3. Shipment data',
      paragraphs: [
        'Tracking information comes from carriers and other sources that Tracklane does not control. It can be late, incomplete or wrong, and estimated times are estimates. Check anything important with the carrier before you act on it.',
        'The shipments, comments and files you add belong to your organization. Members of your workspaces can see them, and anyone you share a shipment with can see what you share.',
      ],
    },
    {
      heading: '4. Acceptable use',
      paragraphs: [
        'Use Tracklane only for lawful logistics work. Do not try to reach data of organizations you do not belong to, overload the service, or upload malicious files.',
      ],
    },
    {
      heading: '5. Personal data',
      paragraphs: [
        'Tracklane stores your name, e-mail address, time zone, avatar and activity such as sign-ins, comments and notifications, so that the product works for you and your colleagues. The operator is the controller of this data; ask the operator to see, correct or delete it.',
        'Passwords are stored only as salted, slow hashes and travel encrypted from your browser.',
      ],
    },
    {
      heading: '6. No warranty',
      paragraphs: [
        'Tracklane is provided as it is, without warranty of any kind. To the extent the law allows, neither the authors nor the operator are liable for losses caused by using it or relying on its data.',
      ],
    },
    {
      heading: '7. Changes',
      paragraphs: [
        'When this agreement changes, you will be asked to accept the new version before you continue using Tracklane.',
      ],
    },
  ],
};
