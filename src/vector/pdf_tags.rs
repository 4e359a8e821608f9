//! A PDF's page tagged for readers who cannot see it, as PDF/UA-1 asks: a structure tree whose one
//! `Figure` element carries the description as `/Alt` and owns the drawing's marked content (the
//! background is an artifact), the document's `/Lang`, `/MarkInfo /Marked true`, the title shown
//! as the window's title, and the title and description in the document information and in the
//! XMP metadata with its `pdfuaid` part. Nothing varies between runs (no dates, no random ids).

use pdf_writer::types::{StructRole, TabOrder};
use pdf_writer::writers::{DocumentInfo, StructTreeRoot};
use pdf_writer::{Chunk, Finish, Name, Rect as PdfRect, Ref, TextStr};

use crate::scene::Description;

/// The objects a tagged page adds, numbered from 5 (after the catalog, the page tree, the page and
/// its content): the structure tree root, the figure, the document information, the metadata.
pub(crate) const TAG_OBJECTS: i32 = 4;
const TREE: Ref = Ref::new(5);
const FIGURE: Ref = Ref::new(6);
/// The document information dictionary, named by the trailer.
pub(crate) const INFO: Ref = Ref::new(7);
const METADATA: Ref = Ref::new(8);
/// The marked content of the drawing, the figure's one child.
pub(crate) const FIGURE_MCID: i32 = 0;

/// What the catalog says of a tagged document.
pub(crate) fn tag_catalog(catalog: &mut pdf_writer::writers::Catalog<'_>, about: &Description) {
    catalog.lang(TextStr(about.lang.tag()));
    catalog.mark_info().marked(true);
    catalog.pair(Name(b"StructTreeRoot"), TREE);
    catalog.metadata(METADATA);
    catalog.viewer_preferences().display_doc_title(true);
}

/// What the page says of its tags: its key in the parent tree, tab order by structure.
pub(crate) fn tag_page(page: &mut pdf_writer::writers::Page<'_>) {
    page.struct_parents(0);
    page.tab_order(TabOrder::StructureOrder);
}

/// The objects 5 to 8, in order, each with the offset it starts at (`at`: where the first goes).
pub(crate) fn tag_objects(
    about: &Description,
    page: Ref,
    size_pt: (f32, f32),
    mut at: usize,
) -> Vec<(Vec<u8>, usize)> {
    let mut objects = Vec::with_capacity(TAG_OBJECTS as usize);
    let mut push = |chunk: Chunk| {
        let bytes = chunk.as_bytes().to_vec();
        let start = at;
        at += bytes.len();
        objects.push((bytes, start));
    };

    let mut chunk = Chunk::new();
    {
        let mut tree = chunk.indirect(TREE).start::<StructTreeRoot>();
        tree.child(FIGURE);
        tree.parent_tree().nums().insert(0, FIGURE);
        tree.parent_tree_next_key(1);
    }
    push(chunk);

    let mut chunk = Chunk::new();
    {
        let mut figure = chunk.struct_element(FIGURE);
        figure.kind(StructRole::Figure);
        figure.parent(TREE);
        figure.page(page);
        figure.alt(TextStr(&about.text()));
        figure.lang(TextStr(about.lang.tag()));
        figure
            .attributes()
            .push()
            .layout()
            .bbox(PdfRect::new(0.0, 0.0, size_pt.0, size_pt.1));
        figure.marked_content_child().marked_content_id(FIGURE_MCID);
    }
    push(chunk);

    let mut chunk = Chunk::new();
    {
        let mut info = chunk.indirect(INFO).start::<DocumentInfo>();
        info.title(TextStr(&about.short));
        info.subject(TextStr(&about.text()));
        info.producer(TextStr("chessviz"));
        info.finish();
    }
    push(chunk);

    let mut chunk = Chunk::new();
    let xmp = xmp(about);
    chunk
        .metadata(METADATA, xmp.as_bytes())
        .pair(Name(b"Subtype"), Name(b"XML"));
    push(chunk);
    objects
}

/// The XMP metadata packet: the title and description (Dublin Core), the producer, and the
/// PDF/UA identification (part 1).
fn xmp(about: &Description) -> String {
    let esc = crate::vector::svg::xml_text;
    let lang = about.lang.tag();
    format!(
        "<?xpacket begin=\"\u{feff}\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n\
         <x:xmpmeta xmlns:x=\"adobe:ns:meta/\">\n\
         <rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">\n\
         <rdf:Description rdf:about=\"\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\" \
         xmlns:pdf=\"http://ns.adobe.com/pdf/1.3/\" \
         xmlns:pdfuaid=\"http://www.aiim.org/pdfua/ns/id/\">\n\
         <dc:format>application/pdf</dc:format>\n\
         <dc:language><rdf:Bag><rdf:li>{lang}</rdf:li></rdf:Bag></dc:language>\n\
         <dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">{title}</rdf:li></rdf:Alt></dc:title>\n\
         <dc:description><rdf:Alt><rdf:li xml:lang=\"x-default\">{text}</rdf:li></rdf:Alt></dc:description>\n\
         <pdf:Producer>chessviz</pdf:Producer>\n\
         <pdfuaid:part>1</pdfuaid:part>\n\
         </rdf:Description>\n\
         </rdf:RDF>\n\
         </x:xmpmeta>\n\
         <?xpacket end=\"w\"?>",
        title = esc(&about.short),
        text = esc(&about.text()),
    )
}
