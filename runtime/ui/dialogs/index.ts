// Lead dialogs (seed 000 §2: Enquire Now, Request Photos with its hidden 'Please send photos for this car', test drive).
// How another block opens one:
//   - a self-contained button: <LeadDialogButton dialog="enquire" car={leadFormCar(car)} /> (result cards);
//   - on a page with a <LeadDialogHost car={...} /> (the vehicle page, through the enquiry-form block's "buttons"
//     display): a plain link to '#enquire', '#request-photos', '#test-drive' or '?dialog=request-photos', or
//     openLeadDialog('test-drive', car?) from code.
export * from './Dialog';
export * from './lead-dialogs';
export * from './LeadDialog';
export * from './LeadDialogButton';
export * from './LeadDialogHost';
