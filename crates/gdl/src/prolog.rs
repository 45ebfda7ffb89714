//! GDL → Prolog (being written).
